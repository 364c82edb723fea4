/**
 * main.ts stopped on its embedded PostgreSQL: a SIGTERM that comes while the database is up but the
 * app is not yet listening (migrations, the demo data), and the SIGHUP of a closed terminal once it
 * runs, end the process cleanly, with its PostgreSQL, instead of leaving that server running for the
 * next start to find.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { onCleanup } from '../testing/cleanup';
import { alive, exited, freePort, sourceServerEnv, spawnTs, startSourceServer } from '../testing/source-server';
import { clusterRootOf } from './db/embedded-system-user';

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

describe('a closed terminal: the hangup reaches every process of the job', { timeout: 240_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-hangup-'));
    onCleanup(async () => {
      const clusterRoot = await clusterRootOf(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clusterRoot, { recursive: true, force: true });
    });
  });

  it.each([
    ['one process', '1', 'signal'],
    ['WORKERS=2', '2', 'reason'],
  ])('with %s: stops the app, then its embedded PostgreSQL, exiting 0', async (_name, workers, logField) => {
    // Its own process group, as a shell runs `npm start`: closing the terminal sends SIGHUP to that group.
    const server = await startSourceServer({ DATA_DIR: dataDir, WORKERS: workers }, { processGroup: true });
    onCleanup(() => {
      if (server.process.exitCode === null && server.process.signalCode === null) process.kill(-server.process.pid!, 'SIGKILL');
    });
    const pgDir = path.join(await clusterRootOf(dataDir), 'postgres');
    const postgresPid = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // The one process, or the primary and each worker: each logs that it listens (the log's writes may land after the banner's).
    const listening = () => new Set(server.logLines().flatMap((entry) => (entry.msg === 'listening' ? [entry.pid as number] : [])));
    await expect.poll(() => listening().size).toBe(workers === '1' ? 1 : 3);
    const appPids = listening();
    expect(alive(postgresPid)).toBe(true);

    process.kill(-server.process.pid!, 'SIGHUP');
    expect(await exited(server.process), server.output()).toBe(0);
    for (const pid of appPids) expect(alive(pid), `pid ${pid}`).toBe(false);
    expect(alive(postgresPid)).toBe(false);
    expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    expect(server.logLines().some((entry) => entry.pid === server.process.pid && entry[logField] === 'SIGHUP'), server.output()).toBe(true);
  });
});
