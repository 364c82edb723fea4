/**
 * Writing placed orders: the orders ready to be written at the same moment go to PostgreSQL together,
 * as one statement and one commit (decision 016, "Orders written together"). An order that arrives
 * while a write slot is free is written at once, alone: batching never makes an order wait for
 * company, only for a slot, and a slot frees as soon as its write commits. Each write's orders are
 * then rung together (their notifications), and answered.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { TRUCK_EVENTS_CHANNEL } from '../../platform/events.publish';
import type { OrderHistoryRow, OrderLineRow, OrderRow } from './orders.view';

/** One order's write: its rows as the views take them (PLACE_ORDERS_SQL gets them under their columns' names). */
export interface OrderWrite {
  truckId: string;
  id: string;
  businessDate: string;
  key: string | null;
  requestHash: string | null;
  /** The menu's version it was priced at (null: none yet); written only while that is still the version. */
  menuVersion: number | null;
  order: OrderRow;
  lines: OrderLineRow[];
  history: OrderHistoryRow[];
  /** The live event's data, its order's number left for the write to fill in. */
  event: object;
}

/** What became of one order's write. */
export interface OrderWritten {
  /** false: its truck's menu changed since it was priced, and nothing was written. */
  fresh: boolean;
  /** null while fresh: its Idempotency-Key was already taken, and nothing was written. */
  number: number | null;
  actorName: string | null;
}

/**
 * The orders of one batch in one statement: one round trip and one implicit transaction, committed
 * with synchronous_commit like any other. $1 holds the orders, $2 the event's type. In the order
 * the locks are taken (each step reads the one before, and every step takes its rows in the order
 * of their keys, so two batches sharing a truck or a key wait for each other, never deadlock):
 *   fresh    the orders whose truck's menu is still at the version they were priced at;
 *   claim    their Idempotency-Keys (none: always goes); a key taken already, or by a concurrent
 *            request still writing (waited for), leaves its order unwritten;
 *   counter  each truck's numbers of the day, as many as it has orders here (its row lock hands
 *            numbers out one batch at a time), numbered in the batch's order;
 *   placed   the order rows, then their lines and history (the actor's name read here);
 *   next, evented, saved  the live events, as publishTruckEvent (events.ts) keeps them: each truck's
 *            next event ids (its counter row stays locked until commit, so a truck's events commit in
 *            id order) and the rows, with their orders' numbers.
 * The statement's AFTER triggers (/home rollups, tab counts, read cache) run at its end, once for
 * every order in it. It NOTIFYs nothing: `fresh` tells the orders trigger to leave `orders:` to
 * RING_AFTER_COMMIT_SQL. Answers one row per order, in no particular order.
 */
const PLACE_ORDERS_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(n int, truck_id uuid, id uuid, business_date date, key text, request_hash text,
    menu_version int, "order" jsonb, lines jsonb, history jsonb, event jsonb)
), fresh AS (
  SELECT i.* FROM input i
  WHERE set_config('truckdesk.notified_after_commit', 'orders', true) = 'orders'
    AND (SELECT v.version FROM menu_versions v WHERE v.truck_id = i.truck_id) IS NOT DISTINCT FROM i.menu_version
), claim AS (
  INSERT INTO order_idempotency_keys (truck_id, key, request_hash, order_id)
  SELECT truck_id, key, request_hash, id FROM fresh WHERE key IS NOT NULL ORDER BY truck_id, key
  ON CONFLICT DO NOTHING
  RETURNING order_id
), go AS (
  SELECT f.* FROM fresh f WHERE f.key IS NULL OR f.id IN (SELECT order_id FROM claim)
), counter AS (
  INSERT INTO order_day_counters AS c (truck_id, business_date, last_number)
  SELECT truck_id, business_date, count(*) FROM go GROUP BY truck_id, business_date ORDER BY truck_id, business_date
  ON CONFLICT (truck_id, business_date) DO UPDATE SET last_number = c.last_number + excluded.last_number
  RETURNING truck_id, business_date, last_number
), numbered AS (
  SELECT g.*, c.last_number - count(*) OVER day + row_number() OVER (day ORDER BY g.n) AS number
  FROM go g JOIN counter c ON c.truck_id = g.truck_id AND c.business_date = g.business_date
  WINDOW day AS (PARTITION BY g.truck_id, g.business_date)
), placed AS (
  INSERT INTO orders (truck_id, id, public_id, business_date, number, status, type, source, customer_name, customer_phone,
    delivery_address, delivery_lat, delivery_lng, zone_name, item_count, subtotal, discount_minor, promotion_code, delivery_fee,
    delivery_fee_tax_minor, tax_minor, tax_rate_bp, prices_include_tax, tip_minor, total, currency,
    payment_method, payment_status, requested_time, estimated_ready_at, accept_by, acknowledged_at, created_at, updated_at, version)
  SELECT n.truck_id, n.id, o.public_id, n.business_date, n.number, o.status, o.type, o.source, o.customer_name, o.customer_phone,
    o.delivery_address, o.delivery_lat, o.delivery_lng, o.zone_name, o.item_count, o.subtotal, o.discount_minor, o.promotion_code, o.delivery_fee,
    o.delivery_fee_tax_minor, o.tax_minor, o.tax_rate_bp, o.prices_include_tax, o.tip_minor, o.total, o.currency,
    o.payment_method, o.payment_status, o.requested_time, o.estimated_ready_at, o.accept_by, o.acknowledged_at, o.created_at, o.updated_at, o.version
  FROM numbered n, jsonb_populate_record(NULL::orders, n."order") o
  RETURNING truck_id, id, number
), lines AS (
  INSERT INTO order_lines (truck_id, order_id, line_no, item_id, name_en, name_ar, unit_price, qty, options, note, total,
    tax_category, discount_minor, tax_minor)
  SELECT p.truck_id, p.id, l.line_no, l.item_id, l.name_en, l.name_ar, l.unit_price, l.qty, l.options, l.note, l.total,
    l.tax_category, l.discount_minor, l.tax_minor
  FROM placed p JOIN input i ON i.id = p.id, jsonb_populate_recordset(NULL::order_lines, i.lines) l
), history AS (
  INSERT INTO order_history (truck_id, order_id, version, status, action, reason, actor_id, actor_name, at)
  SELECT p.truck_id, p.id, h.version, h.status, h.action, h.reason, h.actor_id,
    (SELECT coalesce(nullif(u.full_name, ''), u.email) FROM users u WHERE u.id = h.actor_id), h.at
  FROM placed p JOIN input i ON i.id = p.id, jsonb_populate_recordset(NULL::order_history, i.history) h
  RETURNING order_id, actor_name
), next AS (
  INSERT INTO truck_event_counters AS e (truck_id, last_id)
  SELECT truck_id, count(*) FROM placed GROUP BY truck_id ORDER BY truck_id
  ON CONFLICT (truck_id) DO UPDATE SET last_id = e.last_id + excluded.last_id
  RETURNING truck_id, last_id
), evented AS (
  SELECT p.truck_id, p.id, p.number, x.last_id - count(*) OVER truck + row_number() OVER (truck ORDER BY i.n) AS event_id, i.event
  FROM placed p JOIN next x ON x.truck_id = p.truck_id JOIN input i ON i.id = p.id
  WINDOW truck AS (PARTITION BY p.truck_id)
), saved AS (
  INSERT INTO truck_events (truck_id, id, type, data)
  SELECT truck_id, event_id, $2, jsonb_set(event, '{order,number}', to_jsonb(number)) FROM evented
)
SELECT i.id, i.truck_id, f.id IS NOT NULL AS fresh, e.number, e.event_id,
  (SELECT max(h.actor_name) FROM history h WHERE h.order_id = i.id) AS actor_name
FROM input i LEFT JOIN fresh f ON f.id = i.id LEFT JOIN evented e ON e.id = i.id`;

/**
 * The notifications of a write's orders, rung right after its commit in a transaction of their own:
 * for each order, the read cache's `orders:` scope (the orders trigger leaves it to this, migration
 * 0013), then the live event's doorbell, as the trigger and publishTruckEvent would have at commit.
 * They carry no data, so this transaction does not wait for a WAL flush (synchronous_commit off for
 * it alone): a NOTIFY holds the notification queue's lock until its transaction is committed, and
 * the orders' own transactions, which hold the data, commit synchronously and notify nothing. Two
 * writes' rings may cross: a doorbell has every event of its truck up to its id read, and a truck's
 * events commit in id order, so one arriving late finds its event delivered already.
 */
const RING_AFTER_COMMIT_SQL = `SELECT set_config('synchronous_commit', 'off', true),
  count(pg_notify('td_cache', 'orders:' || truck_id)), count(pg_notify('${TRUCK_EVENTS_CHANNEL}', truck_id || ':' || event_id))
FROM unnest($1::text[], $2::text[]) AS rung(truck_id, event_id)`;

/** The column of each field name met so far: every order has the same few dozen. */
const columnNames = new Map<string, string>();
const snakeCase = (name: string) => {
  let column = columnNames.get(name);
  if (column === undefined) columnNames.set(name, (column = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)));
  return column;
};
/** A row's values under its columns' names, for jsonb_populate_record(set). */
const snakeCased = (row: object) => {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) columns[snakeCase(name)] = value;
  return columns;
};

/** PLACE_ORDERS_SQL's answer for one order. */
interface WrittenRow {
  id: string;
  truck_id: string;
  fresh: boolean;
  number: number | null;
  event_id: string | null;
  actor_name: string | null;
}

interface Waiting {
  write: OrderWrite;
  written: (result: OrderWritten) => void;
  failed: (error: unknown) => void;
}

export interface PlaceBatchOptions {
  /** Writes on their way to PostgreSQL at once; orders ready while all are busy wait and go together. */
  slots: number;
  /** At most this many orders in one statement. */
  maxBatch: number;
}

/**
 * Two writes on their way at once: while one commits, the orders arriving meanwhile gather for the
 * next. Measured with bench:orders (decision 016): with one slot a rush is held to one commit at a
 * time, with four the batches shrink to three orders and an order costs a third more of the machine.
 */
export const INTAKE_WRITES: PlaceBatchOptions = { slots: 2, maxBatch: 64 };

/**
 * Writes orders in batches through `pool`. A batch that fails (an order whose truck was deleted
 * meanwhile, say) is written again order by order, so one order's error is that order's alone.
 * A write's slot is free again once it commits; its orders are answered once they are rung.
 */
export function orderWriter(pool: pg.Pool, log: FastifyBaseLogger, eventType: string, { slots, maxBatch }: PlaceBatchOptions) {
  let waiting: Waiting[] = [];
  let busy = 0;

  /** The next batch: the oldest orders, at most one per Idempotency-Key (a retry of one waits for the next batch, and finds it taken). */
  function nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const keys = new Set<string>();
    for (const one of waiting) {
      const key = one.write.key === null ? null : `${one.write.truckId} ${one.write.key}`;
      if (batch.length === maxBatch || (key !== null && keys.has(key))) left.push(one);
      else {
        batch.push(one);
        if (key !== null) keys.add(key);
      }
    }
    waiting = left;
    return batch;
  }

  async function send(batch: Waiting[]): Promise<void> {
    const input = batch.map(({ write }, n) => ({
      n,
      truck_id: write.truckId,
      id: write.id,
      business_date: write.businessDate,
      key: write.key,
      request_hash: write.requestHash,
      menu_version: write.menuVersion,
      order: snakeCased(write.order),
      lines: write.lines.map(snakeCased),
      history: write.history.map(snakeCased),
      event: write.event,
    }));
    let rows: WrittenRow[];
    try {
      ({ rows } = await pool.query({ name: 'orders_place', text: PLACE_ORDERS_SQL, values: [JSON.stringify(input), eventType] }));
    } catch (error) {
      if (batch.length === 1) batch[0]!.failed(error);
      else await Promise.all(batch.map((one) => send([one])));
      return;
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    const answer = () => {
      for (const { write, written } of batch) {
        const row = byId.get(write.id)!;
        written({ fresh: row.fresh, number: row.number, actorName: row.actor_name });
      }
    };
    const placed = rows.filter((row) => row.event_id !== null);
    if (placed.length === 0) answer();
    else void ring(placed).finally(answer);
  }

  /** Rings placed orders' notifications, once more if an attempt fails; the orders are committed whatever happens here. */
  async function ring(placed: WrittenRow[]): Promise<void> {
    const attempt = () =>
      pool.query({ name: 'orders_place_ring', text: RING_AFTER_COMMIT_SQL, values: [placed.map((row) => row.truck_id), placed.map((row) => row.event_id)] });
    await attempt()
      .catch(attempt)
      .catch((error: unknown) => log.error({ err: error }, 'orders: could not announce new orders; dashboards see them at their next event'));
  }

  function pump(): void {
    while (busy < slots && waiting.length > 0) {
      busy++;
      void send(nextBatch()).finally(() => {
        busy--;
        pump();
      });
    }
  }

  return {
    /** Resolves once the order is committed and rung (or found unwritten: a changed menu, a key already taken). */
    write(write: OrderWrite): Promise<OrderWritten> {
      return new Promise((written, failed) => {
        waiting.push({ write, written, failed });
        pump();
      });
    },
  };
}
