/**
 * main.ts stopped while it starts: a SIGTERM that comes while the embedded PostgreSQL is up but the
 * app is not yet listening (migrations, the demo data) ends the process cleanly, with its PostgreSQL,
 * instead of leaving that server running for the next start to find.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onCleanup } from '../testing/cleanup';
import { alive, exited, freePort, sourceServerEnv, spawnTs } from '../testing/source-server';

describe('a stop signal while the server starts', { timeout: 240_000 }, () => {
  it('waits for the start, then stops the app and its embedded PostgreSQL, exiting 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-start-stop-'));
    const port = await freePort();
    const child = spawnTs('src/server/main.ts', [], sourceServerEnv(port, { DATA_DIR: dataDir }));
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = exited(child);
    onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    // The cluster's folder is named when it is created; PostgreSQL's pid is in its postmaster.pid.
    const deadline = Date.now() + 180_000;
    while (!output.includes('PostgreSQL is running')) {
      if (child.exitCode !== null) throw new Error(`the server exited before PostgreSQL ran:\n${output}`);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGTERM');
    const pgDir = /Initializing the PostgreSQL cluster in ([^ "]+?)\.?"/.exec(output)?.[1];
    expect(pgDir, output).toBeDefined();
    // As root the cluster lives outside DATA_DIR (/var/lib/truckdesk/<id>/postgres): both go.
    onCleanup(() => {
      rmSync(dataDir, { recursive: true, force: true });
      if (!pgDir!.startsWith(dataDir)) rmSync(path.dirname(pgDir!), { recursive: true, force: true });
    });
    const postgresPid = Number(readFileSync(path.join(pgDir!, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(alive(postgresPid)).toBe(true);

    expect(await done, output).toBe(0);
    expect(output).not.toContain('TruckDesk is running at');
    expect(alive(postgresPid)).toBe(false);
    expect(existsSync(path.join(pgDir!, 'postmaster.pid'))).toBe(false);
  });
});
