/**
 * The device queue (outbox.ts) on an in-memory IndexedDB (fake-indexeddb), with a scripted server:
 * the order kept, one Idempotency-Key per change, retries with back-off, nothing lost when the page
 * dies between sending and the answer, conflicts parked without holding up the rest, a 401 waiting
 * for a sign-in, temporary ids replaced by the server's.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffMs, closeDeviceStore, DB_NAME, Outbox, TEMP_PREFIX, type Answer, type Change, type NewChange } from './outbox';
import { offlineStatus } from './status';

type Sent = Pick<Change, 'id' | 'url' | 'idempotencyKey' | 'body'>;

/** A scripted server: answers in turn (a function may throw, as a dropped connection does). */
function server(script: ((change: Change) => Answer)[] = []) {
  const sent: Sent[] = [];
  let fallback: (change: Change) => Answer = (change) => ({ status: 200, body: { id: change.id, number: sent.length } });
  return {
    sent,
    answerAll(answer: (change: Change) => Answer) {
      fallback = answer;
    },
    transport: async (change: Change) => {
      sent.push({ id: change.id, url: change.url, idempotencyKey: change.idempotencyKey, body: change.body });
      const next = script.shift() ?? fallback;
      return next(change);
    },
  };
}

function clock() {
  let now = 1_000_000;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    schedule: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    timers,
    /** Moves time on and runs what came due. */
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers.splice(0, timers.length, ...timers.filter((t) => t.at > now));
      for (const timer of due) timer.run();
    },
  };
}

const offline = (): Answer => {
  throw new TypeError('Failed to fetch');
};

let n = 0;
const act = (orderId: string, action: string, version: number): NewChange => ({
  id: `change-${++n}`,
  kind: 'order.act',
  truckId: 'truck',
  url: `/trucks/truck/orders/${orderId}/actions`,
  body: { action, version },
  orderId,
  applied: { version, action, actorId: 'me' },
});
const place = (tempOrderId: string): NewChange => {
  const id = `change-${++n}`;
  return { id, kind: 'order.place', truckId: 'truck', url: '/trucks/truck/orders', body: { customer: tempOrderId }, idempotencyKey: id, tempOrderId, orderId: tempOrderId };
};

beforeEach(async () => {
  await closeDeviceStore();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});
afterEach(() => closeDeviceStore());

describe('the device queue', () => {
  it('sends the changes in the order they were made, one request each, and empties', async () => {
    const api = server();
    const queue = new Outbox({ transport: api.transport });
    const made = [act('a', 'start_preparing', 1), act('b', 'accept', 0), act('a', 'mark_ready', 2)];
    for (const change of made) await queue.add(change);
    expect(offlineStatus.get().waiting).toBe(3);
    await queue.flush();
    expect(api.sent.map((s) => s.id)).toEqual(made.map((c) => c.id));
    expect(await queue.all()).toEqual([]);
    expect(offlineStatus.get()).toMatchObject({ waiting: 0, conflicts: 0 });
  });

  it('gives every order its own Idempotency-Key and sends the same key again on a resend', async () => {
    const api = server([offline]);
    const time = clock();
    const queue = new Outbox({ transport: api.transport, now: time.now, schedule: time.schedule });
    const first = place(`${TEMP_PREFIX}1`);
    const second = place(`${TEMP_PREFIX}2`);
    await queue.add(first);
    await queue.add(second);
    await queue.flush();
    time.advance(backoffMs(1));
    await queue.flush();
    const keys = api.sent.map((s) => s.idempotencyKey);
    expect(keys).toEqual([first.idempotencyKey, first.idempotencyKey, second.idempotencyKey]);
    expect(new Set(keys).size).toBe(2);
  });

  it('retries with a longer wait each time, keeping the later changes behind the one that failed', async () => {
    const api = server([offline, offline, offline]);
    const time = clock();
    const queue = new Outbox({ transport: api.transport, now: time.now, schedule: time.schedule });
    const a = act('a', 'accept', 0);
    const b = act('b', 'accept', 0);
    await queue.add(a);
    await queue.add(b);
    await queue.flush();
    expect(api.sent.map((s) => s.id)).toEqual([a.id]);
    expect(time.timers.at(-1)!.at - time.now()).toBe(1_000);

    // Not before the wait is over.
    time.advance(999);
    await queue.flush();
    expect(api.sent).toHaveLength(1);
    time.advance(1);
    await queue.flush();
    expect(api.sent).toHaveLength(2);
    expect(time.timers.at(-1)!.at - time.now()).toBe(2_000);
    time.advance(2_000);
    await queue.flush();
    expect(time.timers.at(-1)!.at - time.now()).toBe(4_000);
    time.advance(4_000);
    await queue.flush();
    expect(api.sent.map((s) => s.id)).toEqual([a.id, a.id, a.id, a.id, b.id]);
    expect(await queue.all()).toEqual([]);
    expect([1, 2, 3, 4, 7, 8, 20].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 60_000, 60_000, 60_000]);
  });

  it('loses nothing when the page dies between sending and the answer: sent again, and the server’s replay settles it once', async () => {
    // The first page: the request leaves, the page dies before its answer is stored.
    let reached = 0;
    const dying = new Outbox({
      transport: () => {
        reached++;
        return new Promise<Answer>(() => {});
      },
    });
    const order = place(`${TEMP_PREFIX}9`);
    const ready = act(`${TEMP_PREFIX}9`, 'start_preparing', 1);
    await dying.add(order);
    await dying.add(ready);
    void dying.flush();
    await expect.poll(() => reached).toBe(1);
    await closeDeviceStore();

    // The page again: both still stored, the order sent with the same key, answered as a replay (200).
    const made = new Set<string>();
    const api = server();
    api.answerAll((change) => {
      if (change.kind === 'order.place') {
        const replayed = made.has(change.idempotencyKey!);
        made.add(change.idempotencyKey!);
        return { status: replayed ? 200 : 201, body: { id: 'real-order', number: 42 } };
      }
      return { status: 200, body: {} };
    });
    const again = new Outbox({ transport: api.transport });
    await again.start();
    expect((await again.all()).map((c) => [c.id, c.state])).toEqual([
      [order.id, 'waiting'],
      [ready.id, 'waiting'],
    ]);
    await again.flush();
    expect(api.sent.map((s) => [s.idempotencyKey, s.url])).toEqual([
      [order.id, '/trucks/truck/orders'],
      [undefined, '/trucks/truck/orders/real-order/actions'],
    ]);
    expect(await again.realId(`${TEMP_PREFIX}9`)).toMatchObject({ id: 'real-order', number: 42 });
    expect(await again.all()).toEqual([]);
  });

  it('takes a resent status change that the server had already applied as done, not as a conflict', async () => {
    const history = [{ version: 3, action: 'mark_ready', actor: { id: 'me', name: 'Me' } }];
    const api = server([() => ({ status: 409, body: { error: { code: 'conflict', details: { order: { version: 3, history } } } } })]);
    const queue = new Outbox({ transport: api.transport });
    await queue.add(act('a', 'mark_ready', 2));
    await queue.flush();
    expect(await queue.all()).toEqual([]);
    expect(offlineStatus.get().conflicts).toBe(0);
  });

  it('parks a refused change as a conflict with what the server said, goes on with the others, and holds back that order’s later changes', async () => {
    const cancelled = { version: 3, status: 'cancelled', history: [{ version: 3, action: 'cancel', actor: { id: 'other', name: 'Sara' } }] };
    const api = server([() => ({ status: 409, body: { error: { code: 'illegal_transition', details: { order: cancelled } } } })]);
    const queue = new Outbox({ transport: api.transport });
    const ready = act('a', 'mark_ready', 2);
    const other = act('b', 'accept', 0);
    const complete = act('a', 'complete', 3);
    await queue.add(ready);
    await queue.add(other);
    await queue.add(complete);
    await queue.flush();
    expect(api.sent.map((s) => s.id)).toEqual([ready.id, other.id]);
    const left = await queue.all();
    expect(left.map((c) => [c.id, c.state])).toEqual([
      [ready.id, 'conflict'],
      [complete.id, 'waiting'],
    ]);
    expect(left[0]!.refusal).toMatchObject({ status: 409, code: 'illegal_transition', current: cancelled });
    expect(offlineStatus.get()).toMatchObject({ waiting: 1, conflicts: 1 });

    // Dropped: the change goes, and the order's next change is sent (and refused on its own terms).
    await queue.drop(ready.id);
    expect(api.sent.map((s) => s.id)).toEqual([ready.id, other.id, complete.id]);
  });

  it('tries a parked change again on the order’s new state, in its place', async () => {
    const api = server([() => ({ status: 409, body: { error: { code: 'conflict', details: { order: { version: 5, history: [] } } } } })]);
    const queue = new Outbox({ transport: api.transport });
    const ready = act('a', 'mark_ready', 2);
    await queue.add(ready);
    await queue.flush();
    await queue.retry(ready.id, { url: ready.url, body: { action: 'mark_ready', version: 5 }, applied: { version: 5, action: 'mark_ready', actorId: 'me' } });
    expect(api.sent.at(-1)).toMatchObject({ id: ready.id, body: { action: 'mark_ready', version: 5 } });
    expect(await queue.all()).toEqual([]);
  });

  it('drops an order never sent together with the changes made to it', async () => {
    const api = server([() => ({ status: 422, body: { error: { code: 'total_changed' } } })]);
    const queue = new Outbox({ transport: api.transport });
    const order = place(`${TEMP_PREFIX}3`);
    const done = act(`${TEMP_PREFIX}3`, 'start_preparing', 1);
    await queue.add(order);
    await queue.add(done);
    await queue.flush();
    expect(api.sent).toHaveLength(1);
    expect((await queue.drop(order.id)).map((c) => c.id)).toEqual([order.id, done.id]);
    expect(await queue.all()).toEqual([]);
  });

  it('waits for a sign-in when the session expired, then sends everything', async () => {
    const api = server([() => ({ status: 401, body: { error: { code: 'token_expired' } } })]);
    const queue = new Outbox({ transport: api.transport });
    await queue.add(act('a', 'accept', 0));
    await queue.add(act('b', 'accept', 0));
    await queue.flush();
    expect((await queue.all()).map((c) => c.state)).toEqual(['sign_in', 'sign_in']);
    expect(offlineStatus.get()).toMatchObject({ waiting: 2, needsSignIn: true });
    await queue.flush();
    expect(api.sent).toHaveLength(1);
    await queue.resume();
    expect(api.sent).toHaveLength(3);
    expect(await queue.all()).toEqual([]);
  });
});
