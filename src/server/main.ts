/** Starts the server: listen, then shut down gracefully on SIGTERM/SIGINT. Nothing else lives here. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './env';
import { EmbeddedPostgresBusyError } from './db/embedded-server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    if (error instanceof EmbeddedPostgresBusyError) {
      console.error((error as Error).message);
      process.exit(75);
    }
    throw error;
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests, then closing the database');
    // close(): stops accepting, waits for in-flight requests, then runs onClose (database last).
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address, database: app.database.kind }, 'listening');
  // A plain line for the person who typed `npm start`, whatever the log format.
  process.stdout.write(`\nTruckDesk is running at ${config.publicUrl}  (database: ${app.database.kind})\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
