/** The background job runner: runs on its interval, at once again after a full batch, survives a failing round, stops with the app. */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('jobs', () => {
  it('run every interval, never overlapping, and keep running after a failure', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const { app } = await createTestApp({
      extend: (instance) =>
        instance.jobs.schedule({
          name: 'test-ticker',
          everyMs: 20,
          async run() {
            overlapped ||= running > 0;
            running++;
            runs++;
            await sleep(5);
            running--;
            if (runs === 2) throw new Error('a bad round');
          },
        }),
    });
    await sleep(400);
    expect(runs).toBeGreaterThan(4);
    expect(overlapped).toBe(false);
    await app.close();
  });

  it('run again at once while a round says there is more', async () => {
    let backlog = 50;
    const { app } = await createTestApp({
      extend: (instance) =>
        instance.jobs.schedule({ name: 'test-backlog', everyMs: 60_000, run: async () => --backlog > 0 }),
    });
    await app.jobs.runNow('test-backlog');
    await sleep(200);
    expect(backlog).toBe(0);
    await app.close();
  });

  it('stop with the app, waiting for the round under way', async () => {
    let finished = 0;
    let started = 0;
    const { app } = await createTestApp({
      extend: (instance) =>
        instance.jobs.schedule({
          name: 'test-slow',
          everyMs: 10,
          async run() {
            started++;
            await sleep(100);
            finished++;
          },
        }),
    });
    await sleep(50);
    await app.close();
    expect(finished).toBe(started);
    const after = started;
    await sleep(100);
    expect(started).toBe(after);
  });
});
