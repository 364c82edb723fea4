/**
 * `npm test`: every check and every test layer, in two lanes at once, and one summary at the end.
 *
 *   checks lane:  eslint → tsc (server) → tsc (web) → vitest: unit, web, api
 *   browser lanes: vite build + server build → vitest: e2e, its files split in two runs at once
 *
 * On 2 cores one vitest run keeps one worker busy and the browser journeys spend much of their time
 * waiting on the page, so the lanes overlap instead of queueing (decision 013, figures there).
 * Each lane writes to its own log, printed whole when the lane ends (two lanes interleaved line by
 * line cannot be read). The summary comes last, so the tail of any log names what failed.
 *
 * A test file that fails is run once more, alone. If it then passes, the run passes and the summary
 * lists its failure under FLAKY: a defect to fix (hunt it with `npm run test:flaky`), printed in every
 * log rather than hidden, but not a reason to refuse a change that is right.
 *
 *   npm test                          everything (TEST_DATABASE_URL: the api and e2e layers use that server)
 *   npm test -- --projects api        only these vitest projects, no lint, types or build
 *   npm test -- --projects unit a.test.ts   …and only these files
 *   npm test -- --projects api --exclude tests/fuzz/**   …but not these
 *   npm test -- --browser-shards 1   the browser journeys in one run
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { failedFiles, failuresOf, type JsonReport } from './test-report';

const ROOT = process.cwd();
// One folder per kind of run: CI runs the whole suite and the api layer on PostgreSQL 15 at once.
let LOGS = path.join(ROOT, '.cache', 'test-logs', 'all');
/** Globs no vitest run of this invocation takes (`--exclude`). */
let excluded: string[] = [];

interface StepResult {
  name: string;
  seconds: number;
  ok: boolean;
}

interface LaneResult {
  name: string;
  steps: StepResult[];
  failures: string[];
  flaky: string[];
  log: string;
}

function run(command: string, args: string[], log: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (error) => {
      log.write(`${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

class Lane {
  readonly steps: StepResult[] = [];
  readonly failures: string[] = [];
  readonly flaky: string[] = [];
  readonly logPath: string;
  private readonly log: NodeJS.WritableStream;

  constructor(readonly name: string) {
    this.logPath = path.join(LOGS, `${name}.log`);
    this.log = createWriteStream(this.logPath);
  }

  /** Runs one command as a step; false (and a failure in the summary) when it exits non-zero. */
  async step(name: string, command: string, args: string[]): Promise<boolean> {
    this.log.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
    const started = Date.now();
    const code = await run(command, args, this.log);
    const ok = code === 0;
    this.steps.push({ name, seconds: (Date.now() - started) / 1000, ok });
    if (!ok) this.failures.push(`${name} exited ${code} (its output is in the ${this.name} lane's log above)`);
    return ok;
  }

  /**
   * Runs vitest projects (`firstRunArgs`: file filters or a shard, for the first run only); each failed
   * file once more on its own; what still fails is a failure.
   */
  async vitest(name: string, projects: string[], firstRunArgs: string[] = []): Promise<void> {
    const projectArgs = [...projects.flatMap((p) => ['--project', p]), ...excluded.flatMap((glob) => ['--exclude', glob])];
    const reportTo = (file: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
    const report = path.join(LOGS, `${this.name}-${projects.join('-')}.json`);
    this.log.write(`\n=== ${name}\n`);
    const started = Date.now();
    const finish = (ok: boolean) => this.steps.push({ name, seconds: (Date.now() - started) / 1000, ok });
    const code = await run('npx', ['vitest', 'run', ...projectArgs, ...firstRunArgs, ...reportTo(report)], this.log);
    if (code === 0) return void finish(true);
    const parsed = readReport(report);
    const failed = parsed ? failedFiles(parsed, ROOT) : [];
    if (!parsed || failed.length === 0) {
      // No report or no failed file: vitest itself failed (config, a crash); nothing to retry.
      this.failures.push(`${name}: vitest exited ${code} without a failed test file to name (see the log above)`);
      return void finish(false);
    }
    const firstFailures = failuresOf(parsed, ROOT);
    let ok = true;
    for (const [i, file] of failed.entries()) {
      // A report per retry: a retry that writes none must not be read as the previous one's.
      const retryReport = path.join(LOGS, `${this.name}-retry-${i}.json`);
      this.log.write(`\n=== ${name}: ${file} failed; once more, alone\n`);
      const retryCode = await run('npx', ['vitest', 'run', ...projectArgs, file, ...reportTo(retryReport)], this.log);
      const ofFile = firstFailures.filter((f) => f.startsWith(`${file} `));
      if (retryCode === 0) {
        this.flaky.push(...ofFile);
      } else {
        ok = false;
        const retried = readReport(retryReport);
        this.failures.push(...(retried ? failuresOf(retried, ROOT) : ofFile));
      }
    }
    finish(ok);
  }

  async close(): Promise<LaneResult> {
    await new Promise<void>((resolve) => this.log.end(resolve));
    return { name: this.name, steps: this.steps, failures: this.failures, flaky: this.flaky, log: readFileSync(this.logPath, 'utf8') };
  }
}

function readReport(file: string): JsonReport | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  } catch {
    return undefined;
  }
}

async function checksLane(projects: string[], withChecks: boolean, files: string[]): Promise<LaneResult> {
  const lane = new Lane('checks');
  const ok =
    !withChecks ||
    ((await lane.step('lint', 'npx', ['eslint', '.'])) &&
      (await lane.step('typecheck (server)', 'npx', ['tsc', '-p', 'tsconfig.node.json'])) &&
      (await lane.step('typecheck (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json'])));
  if (ok && projects.length > 0) await lane.vitest(`vitest: ${projects.join(', ')}`, projects, files);
  return lane.close();
}

/**
 * The build, then the browser journeys in `shards` vitest runs at once (vitest's --shard splits the
 * files): a journey spends much of its time waiting on its page and its server, so two files at
 * once keep the cores busier than one (decision 013).
 */
async function browserLanes(shards: number, print: (lane: LaneResult) => void): Promise<LaneResult[]> {
  const build = new Lane('build');
  const built = await build.step('build', 'npm', ['run', 'build']);
  const results = [await build.close()];
  print(results[0]!);
  if (!built) return results;
  const journeys = await Promise.all(
    Array.from({ length: shards }, async (_, i) => {
      const lane = new Lane(shards === 1 ? 'browser' : `browser-${i + 1}`);
      await lane.vitest(shards === 1 ? 'vitest: e2e' : `vitest: e2e, shard ${i + 1}/${shards}`, ['e2e'], shards === 1 ? [] : [`--shard=${i + 1}/${shards}`]);
      const result = await lane.close();
      print(result);
      return result;
    }),
  );
  return [...results, ...journeys];
}

function formatSummary(lanes: LaneResult[], totalSeconds: number): string {
  const lines = ['', '=== npm test: summary'];
  for (const lane of lanes) {
    for (const s of lane.steps) lines.push(`${s.seconds.toFixed(0).padStart(6)} s  ${s.ok ? 'ok    ' : 'FAILED'}  ${lane.name}: ${s.name}`);
  }
  lines.push(`${totalSeconds.toFixed(0).padStart(6)} s  total, the lanes running at once`);
  const flaky = lanes.flatMap((l) => l.flaky);
  const failures = lanes.flatMap((l) => l.failures);
  if (flaky.length > 0) {
    lines.push('', `FLAKY: ${flaky.length} failed, then passed when their file ran again alone (a defect to fix: npm run test:flaky):`);
    for (const f of flaky) lines.push(`  ${f}`);
  }
  if (failures.length > 0) {
    lines.push('', `FAILED: ${failures.length}`);
    for (const f of failures) lines.push(`  ${f}`);
  }
  lines.push('', failures.length === 0 ? 'npm test: passed' : 'npm test: FAILED');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { projects: { type: 'string' }, exclude: { type: 'string', multiple: true }, 'browser-shards': { type: 'string', default: '2' } },
  });
  const shards = Number(values['browser-shards']);
  if (!Number.isInteger(shards) || shards < 1) throw new Error('--browser-shards takes a whole number, 1 or more');
  excluded = values.exclude ?? [];
  const all = values.projects === undefined;
  const projects = all ? ['unit', 'web', 'web-isolated', 'api'] : values.projects!.split(',').filter((p) => p !== 'e2e');
  const withBrowser = all || values.projects!.split(',').includes('e2e');
  LOGS = path.join(ROOT, '.cache', 'test-logs', all ? 'all' : (values.projects ?? '').replaceAll(',', '-'));
  rmSync(LOGS, { recursive: true, force: true });
  mkdirSync(LOGS, { recursive: true });
  const started = Date.now();
  const print = (lane: LaneResult): void => {
    process.stdout.write(`\n======== ${lane.name} lane: its output\n${lane.log}`);
  };
  // Each lane's log is printed as soon as it ends, so a long browser lane does not hide the other's.
  const lanes = (
    await Promise.all([
      checksLane(projects, all, positionals).then((lane) => (print(lane), [lane])),
      withBrowser ? browserLanes(shards, print) : Promise.resolve([]),
    ])
  ).flat();
  console.log(formatSummary(lanes, (Date.now() - started) / 1000));
  process.exit(lanes.some((l) => l.failures.length > 0) ? 1 : 0);
}

await main();
