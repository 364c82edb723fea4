/**
 * Background work that runs in every server process (docs/product.md §5: processes are stateless and
 * interchangeable, none is special). A job runs every `everyMs`, never overlapping itself; it
 * claims its rows with `FOR UPDATE SKIP LOCKED` (Drizzle: `.for('update', { skipLocked: true })`), so several processes running the
 * same job share the work instead of doing it twice. Jobs start when the app is ready and stop
 * (waiting for a run under way) when it closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Job {
  name: string;
  everyMs: number;
  /**
   * One round of work. Returning `true` means "there may be more right now" (a full batch was
   * claimed): the next round starts at once instead of after the interval.
   */
  run(): Promise<boolean | void>;
}

export interface JobRunner {
  schedule(job: Job): void;
  /** Runs a job's round now (tests), after the one under way if any. */
  runNow(name: string): Promise<void>;
  /** Rounds run per job since start, by outcome (metrics). */
  stats(): { name: string; ok: number; failed: number }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

interface Scheduled {
  job: Job;
  ok: number;
  failed: number;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/** A little randomness, so processes started together do not all poll at the same instant. */
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const scheduled = new Map<string, Scheduled>();
    let started = false;
    let stopped = false;

    function plan(entry: Scheduled, delay: number): void {
      if (stopped) return;
      entry.timer = setTimeout(() => void round(entry), delay);
      entry.timer.unref();
    }

    async function round(entry: Scheduled): Promise<void> {
      if (entry.running) return entry.running;
      clearTimeout(entry.timer);
      let more = false;
      entry.running = (async () => {
        try {
          more = (await entry.job.run()) === true;
          entry.ok++;
        } catch (error) {
          entry.failed++;
          app.log.error({ err: error, job: entry.job.name }, 'background job failed');
        }
      })();
      await entry.running;
      entry.running = undefined;
      plan(entry, more ? 0 : jittered(entry.job.everyMs));
    }

    app.decorate('jobs', {
      schedule(job: Job) {
        if (scheduled.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
        const entry: Scheduled = { job, ok: 0, failed: 0 };
        scheduled.set(job.name, entry);
        if (started) plan(entry, jittered(job.everyMs));
      },
      async runNow(name: string) {
        const entry = scheduled.get(name);
        if (!entry) throw new Error(`no job named ${name}`);
        await entry.running;
        await round(entry);
      },
      stats() {
        return [...scheduled.values()].map((entry) => ({ name: entry.job.name, ok: entry.ok, failed: entry.failed }));
      },
    } satisfies JobRunner);

    app.addHook('onReady', async () => {
      started = true;
      for (const entry of scheduled.values()) plan(entry, jittered(entry.job.everyMs));
    });

    app.addHook('preClose', async () => {
      stopped = true;
      for (const entry of scheduled.values()) clearTimeout(entry.timer);
      await Promise.all([...scheduled.values()].map((entry) => entry.running));
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
