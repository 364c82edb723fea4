/** The real app, as main.ts builds it, on a fresh database of its own: for API tests. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/database';
import { loadConfig, type Config } from '../server/env';
import { onCleanup } from './cleanup';
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
  options.extend?.(app);
  await app.ready();
  onCleanup(() => app.close());
  return { app, database, config };
}
