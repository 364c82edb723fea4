/** The background job runner: runs on its interval, at once again after a full batch, survives a failing round, stops with the app. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../testing/test-app';

/** A round's work that ends when the test says so. */
function held() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('jobs', () => {
  // The runner's timers are driven by the test; the clock still moves on its own, so the database's
  // and Fastify's own timers behave as they do for real.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true }));
  afterEach(() => void vi.useRealTimers());

  it('run every interval, never overlapping, and keep running after a failure', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    let round = held();
    const { app } = await createTestApp({
      extend: (instance) =>
        instance.jobs.schedule({
          name: 'test-ticker',
          everyMs: 20,
          async run() {
            overlapped ||= running > 0;
            running++;
            runs++;
            await round.done;
            running--;
            if (runs === 2) throw new Error('a bad round');
          },
        }),
    });
    await vi.waitFor(() => expect(runs).toBe(1));
    // Ten intervals while the first round is under way start no other.
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toBe(1);
    for (let next = 2; next <= 5; next++) {
      round.release();
      round = held();
      await vi.advanceTimersByTimeAsync(30);
      await vi.waitFor(() => expect(runs).toBe(next));
    }
    round.release();
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
    // Rounds follow one another with no interval between them: the clock need not move.
    await vi.waitFor(() => expect(backlog).toBe(0), { timeout: 30_000 });
    await app.close();
  });

  it('stop with the app, waiting for the round under way', async () => {
    let finished = 0;
    let started = 0;
    const round = held();
    const { app } = await createTestApp({
      extend: (instance) =>
        instance.jobs.schedule({
          name: 'test-slow',
          everyMs: 10,
          async run() {
            started++;
            await round.done;
            finished++;
          },
        }),
    });
    await vi.waitFor(() => expect(started).toBe(1));
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(closed).toBe(false);
    round.release();
    await closing;
    expect(finished).toBe(1);
    // Nothing starts after the close: a hundred intervals go by with no new round.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
  });
});
