/**
 * The real app, as main.ts builds it, on a fresh database of its own: for API tests. Every answer its
 * `inject` gives is checked against the app's OpenAPI document (openapi-answers.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { wrapPool, type Database } from '../server/db/database';
import { loadConfig, type Config } from '../server/env';
import { onCleanup } from './cleanup';
import { checkAnswersAgainstDocument } from './openapi-answers';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Extra routes registered before the app is ready (for testing platform behaviour). */
  extend?: (app: FastifyInstance) => void;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'td-app-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') }),
    ...options.config,
  };
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false });
  checkAnswersAgainstDocument(app);
  options.extend?.(app);
  await app.ready();
  onCleanup(() => app.close());
  return { app, database, config };
}

/**
 * A second app on the same database, as another server process behind the load balancer would be
 * (its own pool, read cache and LISTEN connections). Closed with the test file.
 */
export async function anotherInstance(app: FastifyInstance): Promise<FastifyInstance> {
  const { options } = app.database.pool;
  // pg keeps the password out of the enumerable options.
  const pool = new pg.Pool({ ...options, password: options.password, max: 5 });
  const other = await buildApp({ config: app.config, database: wrapPool(app.database.kind, pool), logger: false });
  checkAnswersAgainstDocument(other);
  await other.ready();
  onCleanup(async () => {
    await other.close();
    await pool.end();
  });
  return other;
}
