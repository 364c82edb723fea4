/**
 * Runs chosen test files N times in a row and prints, per test, in how many runs it failed:
 *
 *   npm run test:flaky -- tests/e2e/shell.spec.ts --runs 20
 *   npm run test:flaky -- tests/e2e --runs 5 --throttle 4
 *
 * Files and folders are handed to vitest as they are (so a project's own settings apply: browser
 * journeys run one file at a time). Browser journeys need a build: `npm run build` first.
 * --throttle N runs Chromium's page script N times slower (E2E_CPU_THROTTLE), the loaded machine a
 * journey must also pass on. Exits 1 if any test failed in any run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { outcomes, type JsonReport } from './test-report';

export interface Tally {
  runs: number;
  /** Per test (file › name): in how many runs it failed, and the first line of its first failure. */
  tests: Map<string, { failed: number; passed: number; firstFailure?: string }>;
}

/** Adds one run's JSON report to the tally. */
export function addRun(tally: Tally, report: JsonReport, root: string): void {
  tally.runs += 1;
  for (const { key, status, message } of outcomes(report, root)) {
    const entry = tally.tests.get(key) ?? { failed: 0, passed: 0 };
    if (status === 'failed') {
      entry.failed += 1;
      entry.firstFailure ??= message?.split('\n')[0];
    } else if (status === 'passed') {
      entry.passed += 1;
    }
    tally.tests.set(key, entry);
  }
}

export function summary(tally: Tally): string {
  const rows = [...tally.tests.entries()].sort(([a], [b]) => a.localeCompare(b));
  const failing = rows.filter(([, t]) => t.failed > 0);
  const lines = rows.map(([key, t]) => `${String(t.failed).padStart(3)}/${tally.runs} failed  ${key}`);
  lines.push('');
  lines.push(`${rows.length} tests, ${tally.runs} runs: ${failing.length === 0 ? 'no failure' : `${failing.length} tests failed at least once`}`);
  for (const [key, t] of failing) lines.push(`  ${key}: ${t.firstFailure ?? '(no message)'}`);
  return lines.join('\n');
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '5' }, throttle: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (positionals.length === 0 || !Number.isInteger(runs) || runs < 1) {
    console.error('usage: npm run test:flaky -- <test files or folders…> --runs N [--throttle N]');
    process.exit(2);
  }
  const out = mkdtempSync(path.join(tmpdir(), 'td-flaky-'));
  const tally: Tally = { runs: 0, tests: new Map() };
  const env = { ...process.env, ...(values.throttle ? { E2E_CPU_THROTTLE: values.throttle } : {}) };
  const started = Date.now();
  try {
    for (let run = 1; run <= runs; run++) {
      const report = path.join(out, `run-${run}.json`);
      const runStarted = Date.now();
      spawnSync('npx', ['vitest', 'run', ...positionals, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit', env });
      let parsed: JsonReport;
      try {
        parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
      } catch {
        console.error(`run ${run}: vitest wrote no report`);
        process.exit(2);
      }
      const before = [...tally.tests.values()].reduce((n, t) => n + t.failed, 0);
      addRun(tally, parsed, process.cwd());
      const failedNow = [...tally.tests.values()].reduce((n, t) => n + t.failed, 0) - before;
      console.log(`\nrun ${run}/${runs}: ${failedNow} failed, ${((Date.now() - runStarted) / 1000).toFixed(0)} s\n`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log(summary(tally));
  console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit([...tally.tests.values()].some((t) => t.failed > 0) ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
