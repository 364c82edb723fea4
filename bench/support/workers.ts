/**
 * WORKERS=1 against WORKERS=2: src/server/main.ts started twice as its own process (as `npm start`
 * runs it, node:cluster and all), once with one worker and once with two, both on the benchmark's
 * database, and the same load against each in alternating rounds (so a busy moment of the machine
 * weighs on both alike). The clients are this thread, as for the rest of the benchmark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startSourceServer, type SourceServer } from '../../src/testing/source-server';
import { alternatingRounds, BENCH_JWT_SECRET, type Run } from './load';

export interface WorkersComparison {
  one: Run;
  two: Run;
}

/**
 * Starts both servers, runs `load(origin)` against each in `rounds` rounds, stops them (SIGTERM, by
 * their pids) and answers both runs.
 */
export async function compareWorkers(
  databaseUrl: string,
  load: (origin: string) => (agent: http.Agent) => Promise<number>,
  rounds: { connections: number; rounds: number; roundMs: number; warmUpMs: number },
): Promise<WorkersComparison> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-workers-'));
  const servers: SourceServer[] = [];
  try {
    for (const workers of ['1', '2']) {
      servers.push(
        await startSourceServer({
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(dataDir, `workers-${workers}`),
          WORKERS: workers,
          JWT_SECRET: BENCH_JWT_SECRET,
          // The in-thread server's settings (support/load.ts): the same pool per process, no request log lines.
          DB_POOL_MAX: '16',
          LOG_LEVEL: 'warn',
          TRUST_PROXY_HOPS: '1',
        }),
      );
    }
    const [one, two] = servers as [SourceServer, SourceServer];
    return await alternatingRounds({ one: load(one.url), two: load(two.url) }, rounds);
  } finally {
    for (const server of servers) {
      const code = await server.stop();
      if (code !== 0) console.warn(`orders.bench: a WORKERS server exited with ${code}:\n${server.output().slice(-2_000)}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
