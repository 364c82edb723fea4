/**
 * Orders: the dashboard's lists and counts, one order with its lines and history, every status
 * change (in a transaction, on the version the person saw, with a history row and a live event),
 * acknowledgements, the acceptance-window job, and writing a placed order (orders.intake.ts prices
 * and checks it first).
 */
import type { Order, OrderCounts, OrderCountQuery, OrderEvent, OrderListQuery, OrderPage, OrderSource } from '@domain/orders/contracts';
import { DASHBOARD_TAB_NAMES, ORDER_EVENTS, orderSearch } from '@domain/orders/contracts';
import { DomainError, type Lang } from '@domain/errors';
import type { Currency } from '@domain/money';
import { zatcaQrOf } from '@domain/money/zatca-qr';
import { QUEUE_TABS, tabOf, transition, type OrderAction, type OrderCommand } from '@domain/orders';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { afterCursor, keysetOrder, pageOf } from '../../db/keyset';
import { redeemPromotion, releaseRedemption, type Redeemed } from '../../db/queries/promotions';
import { orderHistory, orderIdempotencyKeys, orderLines, orders, orderTabCounts, truckInvoiceCounters } from '../../db/tables/orders';
import { trucks } from '../../db/tables/trucks';
import { dayOrderedPublicId, timeOrderedUuid } from '../../db/time-ordered-id';
import { lockTruckEventCounter, publishTruckEvent } from '../../platform/events.publish';
import { historyColumns, historyValues, type Actor } from '../../platform/history';
import { idempotencyKeyReused, idempotencyKeys, type IdempotencyClaim } from '../../platform/idempotency';
import type { TruckRow } from '../../platform/truck-access';
import { localDateRange } from './local-dates';
import { INTAKE_WRITES, orderWriter } from './orders.place-batches';
import { recordRefund } from './orders.refunds';
import { toHistoryEntry, toOrder, toSummary, type OrderHistoryRow, type OrderLineRow, type OrderRow } from './orders.view';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

export const EXPIRY_BATCH = 100;
/** Trucks and tabs folded per round of the compaction job; a full batch runs the next round at once. */
export const TAB_COUNTS_BATCH = 1_000;
const keys = idempotencyKeys(orderIdempotencyKeys, 'orderId');

export const orderNotFound = () => new DomainError('order_not_found', 404);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters other than the tab: the date range (local dates of the truck) and the search box. */
function filters(truck: Pick<TruckRow, 'id' | 'timeZone'>, query: OrderCountQuery): SQL[] {
  const conditions: SQL[] = [eq(orders.truckId, truck.id)];
  const { start, end } = localDateRange(truck.timeZone, query.from, query.to);
  if (start) conditions.push(gte(orders.createdAt, start));
  if (end) conditions.push(lt(orders.createdAt, end));
  const search = query.q?.trim() ? orderSearch(query.q) : null;
  if (search?.kind === 'number') conditions.push(eq(orders.number, search.number));
  if (search?.kind === 'phone') conditions.push(sql`${orders.customerPhone} LIKE ${`%${search.digits}%`}`);
  if (search?.kind === 'name') conditions.push(ilike(orders.customerName, `%${escapeLike(search.text)}%`));
  return conditions;
}

/** No search and no dates: what an open dashboard asks for, and what the read cache keeps. */
const unfiltered = (query: OrderCountQuery) => !query.q?.trim() && !query.from && !query.to;

async function loadOrder(runner: Runner, truckId: string, orderId: string): Promise<Order | null> {
  const [row] = await runner.select().from(orders).where(and(eq(orders.truckId, truckId), eq(orders.id, orderId)));
  return row ? withDetails(runner, row) : null;
}

async function withDetails(runner: Runner, row: OrderRow): Promise<Order> {
  const [lines, history] = await Promise.all([
    runner.select().from(orderLines).where(and(eq(orderLines.truckId, row.truckId), eq(orderLines.orderId, row.id))).orderBy(asc(orderLines.lineNo)),
    runner.select().from(orderHistory).where(and(eq(orderHistory.truckId, row.truckId), eq(orderHistory.orderId, row.id))).orderBy(asc(orderHistory.version)),
  ]);
  return toOrder(row, lines, history);
}

type Transitioned = Extract<ReturnType<typeof transition>, { ok: true }>;

/** Decides a command on an order row: the domain's answer, or the error the API gives for its refusal. */
async function decide(runner: Runner, row: OrderRow, command: OrderCommand, now: Date): Promise<Transitioned> {
  const estimate = row.estimatedReadyAt ? { estimatedReadyAt: row.estimatedReadyAt.toISOString() } : {};
  const result = transition({ status: row.status, type: row.type, ...estimate }, command, now);
  if (result.ok) return result;
  if (result.code === 'validation_failed') {
    throw new DomainError('validation_failed', 400, undefined, result.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })));
  }
  throw new DomainError('illegal_transition', 409, { status: row.status, order: await withDetails(runner, row) });
}

/**
 * The invoice of an order being completed (completed is paid): the truck's next number, taken on its
 * counter row in this transaction (so numbers are sequential, never skipped by a rollback, never
 * reused), and for a truck registered for VAT in Saudi Arabia ZATCA's phase-1 QR. Its lock comes
 * after the event counter's, in every transaction that takes both.
 */
async function invoiceOf(
  tx: Tx,
  row: OrderRow,
  now: Date,
): Promise<Pick<OrderRow, 'invoiceNumber' | 'zatcaQr' | 'invoicedAt' | 'invoiceSellerName' | 'invoiceVatNumber'>> {
  const [counter] = await tx
    .insert(truckInvoiceCounters)
    .values({ truckId: row.truckId, lastNumber: 1 })
    .onConflictDoUpdate({ target: truckInvoiceCounters.truckId, set: { lastNumber: sql`${truckInvoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: truckInvoiceCounters.lastNumber });
  const [truck] = await tx
    .select({ nameEn: trucks.nameEn, nameAr: trucks.nameAr, taxMode: trucks.taxMode, taxCountry: trucks.taxCountry, taxNumber: trucks.taxRegistrationNumber })
    .from(trucks)
    .where(eq(trucks.id, row.truckId));
  const sellerName = truck ? truck.nameAr || truck.nameEn : '';
  // The receipt is a tax invoice only for a truck charging VAT with a registration number (snapshotted: a later change leaves it as issued).
  const vatNumber = truck?.taxMode === 'rate' && truck.taxNumber ? truck.taxNumber : null;
  const zatcaQr =
    vatNumber && truck?.taxCountry === 'SA'
      ? zatcaQrOf({ sellerName, vatNumber, invoicedAt: now, totalMinor: row.total, tipMinor: row.tipMinor, taxMinor: row.taxMinor, currency: row.currency as Currency })
      : null;
  return { invoiceNumber: counter!.lastNumber, zatcaQr, invoicedAt: now, invoiceSellerName: sellerName, invoiceVatNumber: vatNumber };
}

/** Writes a decided change of a locked order row: the row (next version) and its history entry. */
async function writeChange(tx: Tx, row: OrderRow, change: Transitioned, actor: Actor | null, now: Date, options: { acknowledge: boolean }) {
  const version = row.version + 1;
  const invoice = change.status === 'completed' && row.invoiceNumber === null ? await invoiceOf(tx, row, now) : {};
  const [updated] = await tx
    .update(orders)
    .set({
      status: change.status,
      estimatedReadyAt: change.estimatedReadyAt ? new Date(change.estimatedReadyAt) : null,
      ...(options.acknowledge ? { acknowledgedAt: row.acknowledgedAt ?? now } : {}),
      ...(change.status === 'completed' ? { paymentStatus: 'paid' as const } : {}),
      ...invoice,
      version,
      updatedAt: now,
    })
    .where(and(eq(orders.truckId, row.truckId), eq(orders.id, row.id)))
    .returning();
  const [history] = await tx
    .insert(orderHistory)
    .values({ ...historyValues(row.truckId, version, change.historyEntry, actor, now), orderId: row.id })
    .returning();
  return { row: updated!, history: history! };
}

/**
 * A change by a person or the expiry job, on a locked order row: decided, written, announced. Every
 * change also silences the order's ring. The truck's event counter is taken before the order is
 * written, in intake's lock order (lockTruckEventCounter says why); after the order row's lock, which
 * intake never waits for, so the expiry job's many rows and a person's one never wait on each other
 * the other way round.
 */
async function applyCommand(tx: Tx, row: OrderRow, command: OrderCommand, actor: Actor | null, now: Date, lang: Lang = 'en'): Promise<OrderRow> {
  const change = await decide(tx, row, command, now);
  await lockTruckEventCounter(tx, row.truckId);
  const written = await writeChange(tx, row, change, actor, now, { acknowledge: true });
  // Cancelling an order that was paid gives the rest of its money back (issue 44), in the same transaction.
  const paidBack =
    command.action === 'cancel' && row.paymentStatus === 'paid' && row.refundedMinor < row.total
      ? (await recordRefund(tx, written.row, { kind: 'whole' }, command.reason, actor, now, lang)).row
      : written.row;
  const event: OrderEvent = { order: toSummary(paidBack), previousStatus: row.status, history: toHistoryEntry(written.history) };
  await publishTruckEvent(tx, row.truckId, ORDER_EVENTS.changed, event);
  return paidBack;
}

/** A priced, checked order ready to be written (orders.intake.ts makes it). */
export interface PlacedOrderDraft {
  type: OrderRow['type'];
  source: OrderSource;
  customer: { name: string; phone: string };
  delivery: { address: string; lat: number; lng: number; zoneName: string } | null;
  lines: {
    itemId: string;
    nameEn: string;
    nameAr: string;
    unitPrice: number;
    qty: number;
    options: (typeof orderLines.$inferInsert)['options'];
    note: string;
    total: number;
    taxCategory: OrderLineRow['taxCategory'];
    discountMinor: number;
    taxMinor: number;
  }[];
  subtotal: number;
  deliveryFee: number;
  /** subtotal − the promotion's discount + delivery fee. */
  total: number;
  /** The rest of orderTotals()' answer, as the columns keep it (decision 017). */
  money: Pick<OrderRow, 'discountMinor' | 'promotionCode' | 'deliveryFeeTaxMinor' | 'taxMinor' | 'taxRateBp' | 'pricesIncludeTax' | 'tipMinor'>;
  /** The promotion the order gets (redeemed with its write), or null. */
  promotion: Redeemed | null;
  paymentMethod: OrderRow['paymentMethod'];
  requestedTime: Date | null;
  estimatedReadyAt: Date;
  /** Accept at once (auto-accept, or staff who took the call), with this many prep minutes. */
  acceptWithPrepMinutes: number | null;
  /** The truck's local day it is placed on (its daily number's day). */
  businessDate: string;
  /** The menu's version it was priced at (null: none yet); written only while that is still the version. */
  menuVersion: number | null;
}

/** The order an Idempotency-Key was first used for; 422 when the key came with a different body. */
async function replay(runner: Runner, truckId: string, claim: IdempotencyClaim): Promise<Order | null> {
  const orderId = await keys.earlier(runner, truckId, claim);
  if (orderId === null) return null;
  const order = await loadOrder(runner, truckId, orderId);
  if (!order) throw idempotencyKeyReused();
  return order;
}

/** What the intake's write changes that the read cache keeps: the orders trigger notifies this scope, and nothing else it writes has a trigger. */
export const intakeScopes = (truckId: string) => [`orders:${truckId}`];

/**
 * The rows a placed order is written as, in the shapes the views take, and its `created` event (the
 * number is the write's to fill in). An order accepted at once (auto-accept, or staff who took the
 * call) is written accepted, at version 1, with both history entries: what placing it and then
 * accepting it in one transaction left, in one step. Auto-accept speaks for the truck (no actor);
 * staff who took the call accept as themselves. It still rings: auto-accept is no person hearing it.
 */
function placedRows(truck: TruckRow, id: string, businessDate: string, draft: PlacedOrderDraft, actor: Actor | null, now: Date) {
  // The actor's name is read by the write itself (PLACE_ORDERS_SQL, orders.place-batches.ts), as historyValues' own statement would.
  const historyRow = (version: number, entry: { status: OrderRow['status']; action: OrderHistoryRow['action']; reason?: string }): OrderHistoryRow => ({
    ...historyColumns(truck.id, version, entry, actor, now),
    orderId: id,
    actorName: null,
  });
  let row: OrderRow = {
    truckId: truck.id,
    id,
    // Never the id staff and the API use: the day, then 112 random bits (time-ordered-id.ts).
    publicId: dayOrderedPublicId(now.getTime()),
    businessDate,
    number: 0,
    status: 'pending',
    tab: tabOf('pending'),
    type: draft.type,
    source: draft.source,
    customerName: draft.customer.name,
    customerPhone: draft.customer.phone,
    deliveryAddress: draft.delivery?.address ?? null,
    deliveryLat: draft.delivery?.lat ?? null,
    deliveryLng: draft.delivery?.lng ?? null,
    zoneName: draft.delivery?.zoneName ?? null,
    itemCount: draft.lines.reduce((sum, line) => sum + line.qty, 0),
    subtotal: draft.subtotal,
    deliveryFee: draft.deliveryFee,
    total: draft.total,
    refundedMinor: 0,
    ...draft.money,
    currency: truck.currency,
    paymentMethod: draft.paymentMethod,
    paymentStatus: 'unpaid',
    requestedTime: draft.requestedTime,
    estimatedReadyAt: draft.estimatedReadyAt,
    acceptBy: new Date(now.getTime() + truck.acceptanceWindowMinutes * 60_000),
    // Staff typing in a call have heard it: only customers' orders ring.
    acknowledgedAt: draft.source === 'phone' ? now : null,
    createdAt: now,
    updatedAt: now,
    version: 0,
    invoiceNumber: null,
    zatcaQr: null,
    invoicedAt: null,
    invoiceSellerName: null,
    invoiceVatNumber: null,
  };
  const history = [historyRow(0, { status: 'pending', action: 'place' })];
  if (draft.acceptWithPrepMinutes !== null) {
    const change = transition({ status: 'pending', type: row.type, estimatedReadyAt: draft.estimatedReadyAt.toISOString() }, { action: 'accept', prepMinutes: draft.acceptWithPrepMinutes }, now);
    if (!change.ok) throw new Error(`a new order could not be accepted: ${change.code}`);
    row = { ...row, status: change.status, tab: tabOf(change.status), estimatedReadyAt: change.estimatedReadyAt ? new Date(change.estimatedReadyAt) : null, version: 1 };
    history.push(historyRow(1, change.historyEntry));
  }
  const lines: OrderLineRow[] = draft.lines.map((line, lineNo) => ({ truckId: truck.id, orderId: id, lineNo, ...line }));
  const event: OrderEvent = { order: toSummary(row), previousStatus: null };
  return { row, lines, history, event };
}

/** Pricing again from fresh rows after the menu changed under the order: a few times at most, then 409. */
const MAX_MENU_RETRIES = 3;

export function createOrdersService(app: FastifyInstance) {
  const { db } = app.database;
  const writer = orderWriter(app.database.pool, app.log, ORDER_EVENTS.created, INTAKE_WRITES);

  async function lockedOrder(tx: Tx, truckId: string, orderId: string): Promise<OrderRow> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.truckId, truckId), eq(orders.id, orderId)))
      .for('update');
    if (!row) throw orderNotFound();
    return row;
  }

  async function readPage(truck: TruckRow, query: OrderListQuery): Promise<OrderPage> {
    const newestFirst = !QUEUE_TABS.has(query.tab);
    const conditions = [...filters(truck, query), eq(orders.tab, query.tab)];
    if (query.cursor) conditions.push(afterCursor(orders, newestFirst, query.cursor));
    const rows = await db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(...keysetOrder(orders, newestFirst))
      .limit(query.limit + 1);
    const { items, nextCursor } = pageOf(rows, query.limit, toSummary);
    return { orders: items, nextCursor };
  }

  /**
   * With no filter, the sums of order_tab_counts: a few rows per tab whatever the truck's history
   * (a GROUP BY over every order cost 1.2–18 ms at 8k–40k orders and grew with each one; decision 008).
   * Filters need the orders themselves.
   */
  async function readCounts(truck: TruckRow, query: OrderCountQuery): Promise<OrderCounts> {
    const rows = unfiltered(query)
      ? await db
          .select({ tab: orderTabCounts.tab, count: sql<number>`sum(${orderTabCounts.delta})::int` })
          .from(orderTabCounts)
          .where(eq(orderTabCounts.truckId, truck.id))
          .groupBy(orderTabCounts.tab)
      : await db
          .select({ tab: orders.tab, count: count() })
          .from(orders)
          .where(and(...filters(truck, query)))
          .groupBy(orders.tab);
    const counts = Object.fromEntries(DASHBOARD_TAB_NAMES.map((tab) => [tab, 0])) as OrderCounts;
    for (const row of rows) counts[row.tab] = row.count;
    return counts;
  }

  return {
    async list(truck: TruckRow, query: OrderListQuery): Promise<OrderPage> {
      // A tab's first page with no search or dates is what every open dashboard asks for after every
      // change: kept until the truck's orders change (read-cache.ts).
      if (query.cursor || !unfiltered(query)) return readPage(truck, query);
      const page = await app.readCache.remember(`orders:${truck.id}:${query.tab}:${query.limit}`, [`orders:${truck.id}`], () => readPage(truck, query));
      return page!;
    },

    async counts(truck: TruckRow, query: OrderCountQuery): Promise<OrderCounts> {
      if (!unfiltered(query)) return readCounts(truck, query);
      const counts = await app.readCache.remember(`orders:${truck.id}:counts`, [`orders:${truck.id}`], () => readCounts(truck, query));
      return counts!;
    },

    async get(truck: TruckRow, orderId: string): Promise<Order> {
      const order = await loadOrder(db, truck.id, orderId);
      if (!order) throw orderNotFound();
      return order;
    },

    /**
     * A person's action on the version they saw. A stale version answers 409 `conflict`, an action
     * the status does not allow 409 `illegal_transition`; both carry the current order.
     */
    async act(truck: TruckRow, orderId: string, body: OrderAction, actor: Actor, now = new Date(), lang: Lang = 'en'): Promise<Order> {
      return db.transaction(async (tx) => {
        const row = await lockedOrder(tx, truck.id, orderId);
        if (row.version !== body.version) throw new DomainError('conflict', 409, { order: await withDetails(tx, row) });
        const { version: _seen, ...command } = body;
        return withDetails(tx, await applyCommand(tx, row, command, actor, now, lang));
      });
    },

    /** Stops the ring of these orders on every device; orders already acknowledged (or unknown) are left alone. */
    async acknowledge(truck: TruckRow, orderIds: string[], now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(orders)
          .set({ acknowledgedAt: now })
          .where(and(eq(orders.truckId, truck.id), inArray(orders.id, orderIds), isNull(orders.acknowledgedAt)))
          .returning();
        for (const row of rows) {
          const event: OrderEvent = { order: toSummary(row), previousStatus: row.status };
          await publishTruckEvent(tx, truck.id, ORDER_EVENTS.changed, event);
        }
        return rows.length;
      });
    },

    /**
     * Expires pending orders whose acceptance window has passed. Rows another process is expiring are
     * skipped (SKIP LOCKED); trucks are taken in one order so two processes never wait on each other.
     * Returns how many it expired; a full batch means there may be more.
     */
    async expireDue(now = new Date(), limit = EXPIRY_BATCH): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, 'pending'), lte(orders.acceptBy, now)))
          .orderBy(asc(orders.acceptBy))
          .limit(limit)
          .for('update', { skipLocked: true });
        due.sort((a, b) => (a.truckId < b.truckId ? -1 : a.truckId > b.truckId ? 1 : 0));
        for (const row of due) await applyCommand(tx, row, { action: 'expire' }, null, now);
        return due.length;
      });
    },

    /**
     * The customer takes back an order nobody at the truck has answered yet, from its page (by its
     * public id). Once answered, 409 with the status only: the customer sees nothing of the truck's side.
     */
    async withdraw(truckId: string, publicId: string, now = new Date()): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.truckId, truckId), eq(orders.publicId, publicId)))
          .for('update');
        if (!row) throw orderNotFound();
        if (row.status !== 'pending') throw new DomainError('illegal_transition', 409, { status: row.status });
        return applyCommand(tx, row, { action: 'withdraw' }, null, now);
      });
    },

    /**
     * Folds the delta rows the orders triggers appended into one row per truck and tab (none when
     * they net to zero); returns how many trucks and tabs it folded. One statement: the rows it
     * deletes are those its snapshot sees, their sum goes in with the same commit, so a reader sees
     * either the deltas or their sum, and deltas committed meanwhile stay for the next round. Two
     * processes folding at once each delete only rows the other has not (a deleted row is skipped).
     */
    async compactTabCounts(limit = TAB_COUNTS_BATCH): Promise<number> {
      const folded = await db.execute<{ n: number }>(sql`
        WITH scattered AS (
          SELECT truck_id, tab FROM ${orderTabCounts} GROUP BY truck_id, tab HAVING count(*) > 1 LIMIT ${limit}
        ), gone AS (
          DELETE FROM ${orderTabCounts} c USING scattered s WHERE c.truck_id = s.truck_id AND c.tab = s.tab
          RETURNING c.truck_id, c.tab, c.delta
        ), kept AS (
          INSERT INTO ${orderTabCounts} (truck_id, tab, delta)
          SELECT truck_id, tab, sum(delta) FROM gone GROUP BY truck_id, tab HAVING sum(delta) <> 0
        )
        SELECT count(*)::int AS n FROM scattered`);
      return folded.rows[0]!.n;
    },

    /** Forgets Idempotency-Keys past their retention; returns how many. */
    forgetOldKeys: () => keys.forgetOld(db),

    /**
     * Writes a placed order with the orders ready at the same moment (orders.place-batches.ts). `price` checks and prices it from
     * kept reads (`true`: the menu from the database); it runs before anything is written, with no
     * transaction open. With an Idempotency-Key, a key already used answers with its order (or 422
     * for a different body): found when the write finds the key taken (a concurrent first request
     * is waited for), or when pricing refuses the order, so a retry gets its order even after the
     * truck closed. A menu that changed since pricing prices the order again from fresh rows.
     */
    async place(
      truck: TruckRow,
      claim: IdempotencyClaim | null,
      price: (freshMenu: boolean) => Promise<PlacedOrderDraft>,
      actor: Actor | null,
      now = new Date(),
      lang: Lang = 'en',
    ): Promise<{ order: Order; replayed: boolean }> {
      const priceOrReplay = async (freshMenu: boolean): Promise<{ draft: PlacedOrderDraft } | { earlier: Order }> => {
        try {
          return { draft: await price(freshMenu) };
        } catch (error) {
          const earlier = claim && error instanceof DomainError ? await replay(db, truck.id, claim) : null;
          if (earlier) return { earlier };
          throw error;
        }
      };
      // Time-ordered: its rows join the end of the truck's ranges of the orders, lines and history keys (time-ordered-id.ts).
      const id = timeOrderedUuid(now.getTime());
      for (let attempt = 0; attempt <= MAX_MENU_RETRIES; attempt++) {
        const priced = await priceOrReplay(attempt > 0);
        if ('earlier' in priced) return { order: priced.earlier, replayed: true };
        const { draft } = priced;
        const { businessDate } = draft;
        // The promotion is redeemed under its row's lock before the write (the batched write is one
        // statement of its own); a write that does not happen gives the use back (releaseRedemption).
        let redeemed = false;
        if (draft.promotion) {
          const promotion = draft.promotion;
          const got = await db.transaction((tx) =>
            redeemPromotion(tx, truck, { code: promotion.code, phone: draft.customer.phone, subtotal: draft.subtotal, type: draft.type, orderId: id, now }, lang),
          );
          redeemed = got !== null;
          if (!got || got.promotionId !== promotion.promotionId || JSON.stringify(got.discount) !== JSON.stringify(promotion.discount)) {
            // Changed between pricing and redeeming (the owner edited it): priced again.
            if (redeemed) await releaseRedemption(db, truck.id, id);
            continue;
          }
        }
        const { row, lines, history, event } = placedRows(truck, id, businessDate, draft, actor, now);
        const release = async () => {
          if (redeemed) await releaseRedemption(db, truck.id, id);
        };
        const result = await writer
          .write({
          truckId: truck.id,
          id,
          businessDate,
          key: claim?.key ?? null,
          requestHash: claim?.requestHash ?? null,
          menuVersion: draft.menuVersion,
          order: row,
          lines,
          history,
          event,
          })
          .catch(async (error: unknown) => {
            await release();
            throw error;
          });
        if (!result.fresh || result.number === null) await release();
        if (!result.fresh) continue;
        if (result.number === null) return { order: (await replay(db, truck.id, claim!))!, replayed: true };
        const placed = { ...row, number: result.number };
        return { order: toOrder(placed, lines, history.map((entry) => ({ ...entry, actorName: result.actorName }))), replayed: false };
      }
      throw new DomainError('conflict', 409);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
