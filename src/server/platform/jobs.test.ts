/** The background job runner: runs on its interval, at once again after a full batch, survives a failing round, stops with the app. */
import { describe, expect, it, vi } from 'vitest';
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
    await vi.waitFor(() => expect(runs).toBeGreaterThan(4), { timeout: 30_000 });
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
    await vi.waitFor(() => expect(backlog).toBe(0), { timeout: 30_000 });
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
    await vi.waitFor(() => expect(started).toBeGreaterThan(0), { timeout: 30_000 });
    await app.close();
    expect(finished).toBe(started);
    // Nothing starts after the close: ten intervals go by with no new round.
    const after = started;
    await sleep(100);
    expect(started).toBe(after);
  });
});
