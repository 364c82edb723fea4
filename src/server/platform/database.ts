/** Makes the database reachable from routes as `app.database`, and closes it with the app. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: Database; owned: boolean }) => {
    app.decorate('database', options.database);
    if (options.owned) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database' },
);
