/**
 * The embedded database through the real server process: a kill -9 of the app loses nothing and the
 * next start recovers; a second app on the same data folder refuses to start; SIGTERM stops the app
 * and then the database cleanly.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, makeDataDir, spawnServer, startServer } from './support/server';

const dataDir = makeDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function connectToEmbedded(): pg.Client {
  return new pg.Client({
    host: path.join(dataDir, 'run'),
    port: 5432,
    user: 'truckdesk',
    password: readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim(),
    database: 'truckdesk',
  });
}

async function exitOf(child: ReturnType<typeof spawnServer>): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('embedded database lifecycle', () => {
  it('keeps committed data when the app is killed with SIGKILL, and starts cleanly again', async () => {
    const first = await startServer({}, { dataDir, embedded: true });
    const client = connectToEmbedded();
    await client.connect();
    await client.query('CREATE TABLE lifecycle_probe (note text)');
    await client.query("INSERT INTO lifecycle_probe VALUES ('before kill -9')");
    await client.end();

    const killed = new Promise((resolve) => first.process.once('exit', resolve));
    first.process.kill('SIGKILL');
    await killed;
    // The detached PostgreSQL server outlives the app: that is the situation the next start must handle.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);

    const second = await startServer({}, { dataDir, embedded: true });
    const health = (await (await fetch(`${second.url}/api/v1/health`)).json()) as { database: { kind: string } };
    expect(health.database.kind).toBe('embedded');
    const check = connectToEmbedded();
    await check.connect();
    const { rows } = await check.query('SELECT note FROM lifecycle_probe');
    await check.end();
    expect(rows).toEqual([{ note: 'before kill -9' }]);

    // While it runs, a second app on the same folder refuses to start and says why.
    const intruder = spawnServer(dataDir, { PORT: String(await freePort()) });
    const refused = await exitOf(intruder);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/already using DATA_DIR/);

    // SIGTERM: the app exits 0, then the database is stopped (no postmaster.pid left behind).
    const stopped = new Promise<number | null>((resolve) => second.process.once('exit', resolve));
    second.process.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    await second.stop();
  });
});
