/**
 * The pool's two timeouts (db/database.ts): waiting for a busy pool's connection is the queue in front of
 * a busy database and goes on past the connect timeout (it once gave up at 5 s and answered 503 under
 * load); reaching a server that does not answer still fails at CONNECT_TIMEOUT_MS, as the database down.
 */
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onCleanup } from '../../testing/cleanup';
import { createTestDatabase } from '../../testing/test-database';
import { isDatabaseDown } from './errors';
import { CONNECT_TIMEOUT_MS, poolOptions } from '../db/database';

describe('the pool', () => {
  it('lets a query wait for a busy connection longer than the connect timeout', async () => {
    const database = await createTestDatabase();
    const pool = new pg.Pool({ ...database.connection(), ...poolOptions(1) });
    onCleanup(() => pool.end());
    const held = await pool.connect();
    const started = performance.now();
    const waiting = pool.query<{ one: number }>('SELECT 1 AS one');
    await new Promise((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS + 500));
    held.release();
    expect((await waiting).rows).toEqual([{ one: 1 }]);
    expect(performance.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
  }, 20_000);

  it('hands the password to each connection (the pool keeps it out of its enumerable options)', async () => {
    // Named by its parts: a connection string's own (absent) password would override the one given.
    const settings = (await createTestDatabase()).connection();
    const url = settings.connectionString ? new URL(settings.connectionString) : undefined;
    const parts = url
      ? { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), database: url.pathname.slice(1) }
      : { host: settings.host, port: settings.port, user: settings.user, database: settings.database };
    // The embedded server checks its password; a server that trusts the test's address ignores one.
    const given = (url ? decodeURIComponent(url.password) : settings.password) || 'a-password-trust-ignores';
    const pool = new pg.Pool({ ...parts, password: given, ...poolOptions(1) });
    onCleanup(() => pool.end());
    const client = await pool.connect();
    const { password } = client as unknown as { password: unknown };
    client.release();
    expect(password).toBe(given);
  });

  it('still gives up on a server that does not answer after the connect timeout, as the database down', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise((resolve) => (sockets.forEach((socket) => socket.destroy()), silent.close(resolve))));
    const { port } = silent.address() as net.AddressInfo;
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'none', ...poolOptions(1) });
    onCleanup(() => pool.end());
    const started = performance.now();
    const error = await pool.query('SELECT 1').catch((thrown: unknown) => thrown);
    // Answered 503 database_unavailable (errors.ts), not 500.
    expect(isDatabaseDown(error), String(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3_000);
  }, 20_000);
});
