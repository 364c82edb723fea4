/**
 * Starts the server: listen, then shut down gracefully on SIGTERM, SIGINT or SIGHUP. With WORKERS=N > 1
 * the primary process opens the database once (the embedded server, migrations, demo data), sizes
 * each worker's pool so that N × pool fits in the server's connections, and runs N workers on the one
 * port (node:cluster); it restarts a worker that dies and stops them all, then the database, on a
 * signal. METRICS_PORT serves /metrics there, every worker's figures added up.
 */
import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/database';
import { EmbeddedPostgresBusyError } from './db/embedded-server';
import { seedDemoDataOnStart } from './demo/demo-data';
import { ConfigError, loadConfig, type Config } from './env';
import { createLogger } from './platform/logging';

const SHUTDOWN_TIMEOUT_MS = 25_000;
/** Connections kept free for the primary, migrations, the admin CLI, a backup and psql. */
const SPARE_CONNECTIONS = 5;
/** A worker dying this often this fast is not going to get better: stop. */
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 60_000;

function exitOnStartError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  if (error instanceof EmbeddedPostgresBusyError) {
    console.error(error.message);
    process.exit(75);
  }
  throw error;
}

function serveMetrics(config: Config, log: { error(object: object, message: string): void }, metrics: () => Promise<{ type: string; text: string }>): http.Server | undefined {
  if (!config.metricsPort) return undefined;
  const server = http.createServer((request, response) => {
    if (request.url?.split('?')[0] !== '/metrics') return void response.writeHead(404).end();
    metrics().then(
      ({ type, text }) => response.writeHead(200, { 'content-type': type }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: collecting failed');
        response.writeHead(500).end();
      },
    );
  });
  server.on('error', (error) => log.error({ err: error }, `metrics: cannot serve on ${config.metricsHost}:${config.metricsPort}`));
  server.listen(config.metricsPort, config.metricsHost);
  return server;
}

/**
 * What stops the process: SIGHUP is the terminal that ran `npm start` closing (or its SSH session
 * dropping), which Node's default ends at once, leaving the embedded PostgreSQL running.
 */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * A stop signal that comes while the process is still starting (the embedded PostgreSQL booting,
 * migrations, the demo data) is held until the start is done, then stops the process as it would
 * later: Node's default ends the process at once and leaves the embedded PostgreSQL it started
 * running. `release` hands signals to `stop` from then on and says whether one came meanwhile.
 */
function holdStopSignals(): { release(stop: (signal: string) => void): boolean } {
  let held: string | undefined;
  const hold = (signal: NodeJS.Signals) => void (held ??= signal);
  for (const signal of STOP_SIGNALS) process.on(signal, hold);
  return {
    release(stop) {
      for (const signal of STOP_SIGNALS) {
        process.off(signal, hold);
        process.on(signal, () => stop(signal));
      }
      if (held) stop(held);
      return held !== undefined;
    },
  };
}

/** One server process: the whole app on the port (alone, or as one of the primary's workers). */
async function serve(config: Config): Promise<void> {
  const signals = holdStopSignals();
  const app: FastifyInstance = await buildApp({ config, processMetrics: true }).catch(exitOnStartError);
  const metricsServer = cluster.isWorker
    ? // Constructing one makes this worker answer the primary's requests for its figures.
      (new AggregatorRegistry(), AggregatorRegistry.setRegistries([app.metrics as Registry]), undefined)
    : serveMetrics(config, app.log, async () => ({ type: app.metrics.contentType, text: await app.metrics.metrics() }));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests, then closing the database');
    // Readiness answers 503 from now on, so a load balancer stops sending before the port closes.
    app.lifecycle.drain();
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    metricsServer?.close();
    // close(): stops accepting, waits for in-flight requests, then runs onClose (database last).
    new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  // The primary is gone (killed): a worker without it must not keep the port or the database.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('primary gone'));
  if (signals.release(shutdown)) return;

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address, database: app.database.kind }, 'listening');
  if (cluster.isWorker) {
    process.send?.('listening');
    return;
  }
  // A plain line for the person who typed `npm start`, whatever the log format.
  process.stdout.write(`\nTruckDesk is running at ${config.publicUrl}  (database: ${app.database.kind})\n\n`);
}

/** Pool size per worker: DB_POOL_MAX, or less when N of them (and their listeners) would not fit. */
async function poolPerWorker(database: Database, config: Config): Promise<number> {
  const { rows } = await database.pool.query<{ available: number }>(
    `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
            - (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'client backend') AS available`,
  );
  // Each worker also holds its LISTEN connection outside the pool.
  const fits = Math.floor((rows[0]!.available - SPARE_CONNECTIONS) / config.workers) - 1;
  if (fits < 1) throw new Error(`WORKERS=${config.workers} do not fit in the database server's connections (${rows[0]!.available} free); run fewer workers or raise max_connections.`);
  return Math.min(config.dbPoolMax, fits);
}

async function primary(config: Config): Promise<void> {
  const log = createLogger(config);
  const signals = holdStopSignals();
  const databaseLog = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2, log: databaseLog }).catch(exitOnStartError);
  // Seeded once, here, before the workers start: they take the database as it is.
  await seedDemoDataOnStart(database, databaseLog, config.uploadsDir).catch(exitOnStartError);
  const pool = await poolPerWorker(database, config);
  log.info({ workers: config.workers, poolPerWorker: pool }, `starting ${config.workers} workers, ${pool} database connections each`);
  const workerEnv = {
    TRUCKDESK_WORKER_DATABASE: JSON.stringify({ kind: database.kind, connection: database.connection() }),
    DB_POOL_MAX: String(pool),
    // The primary has the secret (generated in DATA_DIR if need be): every worker signs with the same one.
    JWT_SECRET: config.jwtSecret,
  };

  let stopping = false;
  const crashes: number[] = [];
  const fork = (): Worker => cluster.fork(workerEnv);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    log.error({ pid: worker.process.pid, code, signal }, 'a worker died');
    if (crashes.length >= CRASH_LIMIT) {
      log.fatal(`${CRASH_LIMIT} workers died within ${CRASH_WINDOW_MS / 1000} s; stopping`);
      void stop('crash loop', 1);
      return;
    }
    setTimeout(fork, 1000).unref();
  });

  const aggregator = new AggregatorRegistry();
  const metricsServer = serveMetrics(config, log, async () => ({ type: aggregator.contentType, text: await aggregator.clusterMetrics() }));

  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down: stopping the workers, then the database');
    const forced = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 5_000);
    forced.unref();
    metricsServer?.close();
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await database.close().catch((error: unknown) => log.error({ err: error }, 'error stopping the database'));
    process.exit(exitCode);
  };
  if (signals.release((signal) => void stop(signal))) return;

  let listening = 0;
  await new Promise<void>((resolve) => {
    for (let i = 0; i < config.workers; i++) {
      fork().on('message', (message) => {
        if (message === 'listening' && ++listening === config.workers) resolve();
      });
    }
  });
  log.info({ workers: config.workers }, 'listening');
  process.stdout.write(`\nTruckDesk is running at ${config.publicUrl}  (database: ${database.kind}, ${config.workers} workers)\n\n`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    exitOnStartError(error);
  }
  if (cluster.isPrimary && config.workers > 1) await primary(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
