/**
 * buildApp: the whole server as one function, so tests build the very same app main.ts runs.
 * Platform plugins first, then the features, each in one explicit list.
 */
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { openDatabase, type Database } from './db/database';
import { seedDemoDataOnStart } from './demo/demo-data';
import { simulatorWanted, startDemoSimulator } from './demo/demo-simulator';
import type { Config } from './env';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { bookingsRoutes } from './features/bookings/bookings.routes';
import { customerMessagesRoutes } from './features/customer-messages/customer-messages.routes';
import { configRoutes } from './features/config/config.routes';
import { healthRoutes } from './features/health/health.routes';
import { homeRoutes } from './features/home/home.routes';
import { closeRoutes } from './features/close/close.routes';
import { hoursRoutes } from './features/hours/hours.routes';
import { menuRoutes } from './features/menu/menu.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { storefrontRoutes } from './features/storefront/storefront.routes';
import { guideRoutes } from './features/guide/guide.routes';
import { teamRoutes } from './features/team/team.routes';
import { trucksRoutes } from './features/trucks/trucks.routes';
import { zonesRoutes } from './features/zones/zones.routes';
import { promotionsRoutes } from './features/promotions/promotions.routes';
import { authPlugin } from './platform/auth';
import { databasePlugin } from './platform/database';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './platform/errors';
import { eventsPlugin } from './platform/events';
import { jobsPlugin } from './platform/jobs';
import { lifecyclePlugin } from './platform/lifecycle';
import { listenerPlugin } from './platform/listener';
import { loggerOptions } from './platform/logging';
import { mailPlugin } from './platform/mail';
import { messagingPlugin } from './platform/messaging';
import { metricsPlugin } from './platform/metrics';
import { openapiPlugin } from './platform/openapi';
import { postgresRateLimitStore } from './platform/rate-limit-store';
import { readCachePlugin } from './platform/read-cache';
import { registerSecurityHeaders } from './platform/security-headers';
import { documentTruckAccess } from './platform/truck-access';
import { uploadsPlugin } from './platform/uploads';
import { registerZodCompilers } from './platform/validation';
import { inlineScriptHashes, readIndexHtml, webStaticPlugin } from './platform/web-static';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise the app opens the one config names and closes it. */
  database?: Database;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** Process metrics (CPU, memory, event loop): main.ts, once per process. */
  processMetrics?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
    // Believing X-Forwarded-For from anyone would let a client pick its own IP and dodge rate limits.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
  });
  app.decorate('config', config);
  app.addHook('onRoute', documentTruckAccess);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerZodCompilers(app);
  registerErrorHandling(app);
  await app.register(metricsPlugin, { processMetrics: options.processMetrics ?? false });

  const indexHtml = readIndexHtml(config.webDist);
  const tileOrigin = config.tileUrl ? new URL(config.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin : undefined;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  const database = options.database ?? (await openOwnDatabase(app, config));
  await app.register(lifecyclePlugin);
  await app.register(databasePlugin, { database, owned: !options.database });
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.pool) });
  await app.register(listenerPlugin);
  await app.register(readCachePlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(messagingPlugin);
  await app.register(openapiPlugin);
  await app.register(uploadsPlugin, { prefix: '/api/v1' });
  await app.register(jobsPlugin);
  await app.register(eventsPlugin);

  // Features: one line each.
  await app.register(healthRoutes, { prefix: '/api/v1' });
  await app.register(accountsRoutes, { prefix: '/api/v1' });
  await app.register(configRoutes, { prefix: '/api/v1' });
  await app.register(trucksRoutes, { prefix: '/api/v1' });
  await app.register(menuRoutes, { prefix: '/api/v1' });
  await app.register(hoursRoutes, { prefix: '/api/v1' });
  await app.register(zonesRoutes, { prefix: '/api/v1' });
  await app.register(promotionsRoutes, { prefix: '/api/v1' });
  await app.register(ordersRoutes, { prefix: '/api/v1' });
  await app.register(homeRoutes, { prefix: '/api/v1' });
  await app.register(closeRoutes, { prefix: '/api/v1' });
  await app.register(bookingsRoutes, { prefix: '/api/v1' });
  await app.register(teamRoutes, { prefix: '/api/v1' });
  await app.register(customerMessagesRoutes, { prefix: '/api/v1' });
  await app.register(storefrontRoutes);
  await app.register(guideRoutes);

  await app.register(webStaticPlugin, { root: config.webDist });

  if (simulatorWanted(config.demoSimulator, database.kind)) {
    let stopSimulator: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stopSimulator = await startDemoSimulator(app);
    });
    app.addHook('preClose', async () => {
      await stopSimulator?.();
    });
  }
  return app;
}

/**
 * The database config names, opened (and migrated) by this process; a fresh embedded one also gets the
 * demo data. A worker takes the one its primary opened, migrated and seeded (main.ts).
 */
async function openOwnDatabase(app: FastifyInstance, config: Config): Promise<Database> {
  const log = {
    info: (msg: string) => app.log.info(msg),
    warn: (msg: string) => app.log.warn(msg),
    error: (msg: string) => app.log.error(msg),
  };
  const where = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.dbPoolMax, log };
  const { workerDatabase } = config;
  if (workerDatabase) return openDatabase({ ...where, opened: { kind: workerDatabase.kind, connection: workerDatabase.connection as pg.PoolConfig } });
  const database = await openDatabase(where);
  await seedDemoDataOnStart(database, log, config.uploadsDir);
  return database;
}
