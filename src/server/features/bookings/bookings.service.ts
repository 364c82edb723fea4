/**
 * Bookings: the public request (checked, numbered per truck, idempotent), the dashboard's lists and
 * counts, one booking with its history and any clash, every status change (in a transaction, on the
 * version the person saw, with a history row and a live event), the customer's quote link, the
 * month calendar, the availability switch and the expiry job.
 *
 * No double booking: confirming checks for a confirmed booking whose window overlaps and answers
 * 409 naming it; the exclusion constraint of the bookings table makes the same refusal when two
 * confirmations race past that check on two connections.
 */
import { randomUUID } from 'node:crypto';
import type {
  Booking,
  BookingCounts,
  BookingEvent,
  BookingListQuery,
  BookingMonth,
  BookingPage,
  BookingRef,
  CreateBooking,
  PublicQuote,
} from '@domain/bookings/contracts';
import {
  BOOKING_EVENTS,
  BOOKING_TAB_NAMES,
  bookingWindow,
  eventDateProblem,
  PENDING_BOOKING_EXPIRY_DAYS,
  transitionBooking,
  type BookingAction,
  type BookingCommand,
  type BookingTab,
} from '@domain/bookings';
import { DomainError, type FieldError, type Lang } from '@domain/errors';
import { localToday } from '@domain/trucks';
import { uploadUrl } from '@domain/uploads';
import { Temporal } from 'temporal-polyfill';
import { and, asc, count, eq, gt, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { afterCursor, keysetOrder, pageOf } from '../../db/keyset';
import { preparedOn } from '../../db/prepared';
import { users } from '../../db/schema';
import { bookingCounters, bookingHistory, bookingIdempotencyKeys, bookings } from '../../db/tables/bookings';
import { trucks } from '../../db/tables/trucks';
import { publishTruckEvent } from '../../platform/events.publish';
import { historyValues, type Actor } from '../../platform/history';
import { idempotencyKeyReused, idempotencyKeys, type IdempotencyClaim } from '../../platform/idempotency';
import { truckTradingBlocks, type TruckRow } from '../../platform/truck-access';
import { confirmedMail, newRequestMail, quoteMail, requestReceivedMail } from './bookings.mail';
import { quoteToken, readQuoteToken } from './bookings.tokens';
import { toBooking, toHistoryEntry, toRef, toSummary, type BookingRow } from './bookings.view';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;
type Problem = Omit<FieldError, 'message'>;

/** Requests and quotes wait for an answer: oldest first. The others newest first. */
const QUEUE_TABS: ReadonlySet<BookingTab> = new Set(['pending', 'quoted']);
export const EXPIRY_BATCH = 100;
const DAY_MS = 86_400_000;

export const bookingNotFound = () => new DomainError('booking_not_found', 404);
export const quoteLinkInvalid = () => new DomainError('quote_link_invalid', 404);

const keys = idempotencyKeys(bookingIdempotencyKeys, 'bookingId');

/** The first page of a tab (every open dashboard's read after every change) and the tab counts, prepared once. */
const firstPages = preparedOn((db) => {
  const page = (newestFirst: boolean) =>
    db
      .select()
      .from(bookings)
      .where(and(eq(bookings.truckId, sql.placeholder('truckId')), eq(bookings.tab, sql.placeholder('tab'))))
      .orderBy(...keysetOrder(bookings, newestFirst))
      .limit(sql.placeholder('limit'))
      .prepare(`bookings_first_page_${newestFirst ? 'newest' : 'oldest'}`);
  return {
    oldestFirst: page(false),
    newestFirst: page(true),
    counts: db
      .select({ tab: bookings.tab, count: count() })
      .from(bookings)
      .where(eq(bookings.truckId, sql.placeholder('truckId')))
      .groupBy(bookings.tab)
      .prepare('bookings_tab_counts'),
  };
});

/** The confirmed booking (other than this one) whose window overlaps this one's, the earliest; null if none. */
async function clashOf(runner: Runner, row: Pick<BookingRow, 'truckId' | 'id' | 'windowStart' | 'windowEnd'>): Promise<BookingRef | null> {
  const [other] = await runner
    .select({ id: bookings.id, number: bookings.number, windowStart: bookings.windowStart, windowEnd: bookings.windowEnd })
    .from(bookings)
    .where(
      and(
        eq(bookings.truckId, row.truckId),
        eq(bookings.status, 'confirmed'),
        ne(bookings.id, row.id),
        lt(bookings.windowStart, row.windowEnd),
        gt(bookings.windowEnd, row.windowStart),
      ),
    )
    .orderBy(asc(bookings.windowStart))
    .limit(1);
  return other ? toRef(other) : null;
}

async function withDetails(runner: Runner, row: BookingRow): Promise<Booking> {
  const [history, clash] = await Promise.all([
    runner
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.truckId, row.truckId), eq(bookingHistory.bookingId, row.id)))
      .orderBy(asc(bookingHistory.version)),
    row.status === 'pending' || row.status === 'quoted' ? clashOf(runner, row) : Promise.resolve(null),
  ]);
  return toBooking(row, history, clash);
}

const clashError = (other: BookingRef) => new DomainError('booking_clash', 409, { number: other.number, booking: other });
/** The customer's side of a clash: the time is taken, with nothing of the other customer's booking. */
const timeTaken = () => new DomainError('booking_time_taken', 409);

/** Whether PostgreSQL answered with this SQLSTATE, however the driver wraps the error. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

const EXCLUSION_VIOLATION = '23P01';
const DEADLOCK_DETECTED = '40P01';

type Transitioned = Extract<ReturnType<typeof transitionBooking>, { ok: true }>;

async function decide(runner: Runner, row: BookingRow, command: BookingCommand, now: Date): Promise<Transitioned> {
  const state = { status: row.status, windowStart: row.windowStart.toISOString(), ...(row.quoteValidUntil ? { quote: { validUntil: row.quoteValidUntil.toISOString() } } : {}) };
  const result = transitionBooking(state, command, now);
  if (result.ok) return result;
  if (result.code === 'validation_failed') {
    throw new DomainError('validation_failed', 400, undefined, result.issues.map((issue) => ({ path: issue.path.join('.'), code: (issue as { params?: { code?: string } }).params?.code ?? issue.code })));
  }
  if (result.code === 'quote_expired') throw new DomainError('quote_expired', 409, { validUntil: result.validUntil, booking: await withDetails(runner, row) });
  if (result.code === 'event_not_started') throw new DomainError('event_not_started', 409, { windowStart: result.windowStart, booking: await withDetails(runner, row) });
  throw new DomainError('illegal_transition', 409, { status: row.status, booking: await withDetails(runner, row) });
}

export function createBookingsService(app: FastifyInstance) {
  const { db } = app.database;
  const { jwtSecret, publicUrl } = app.config;

  /** The customer's link, carrying the language of the mail it is in: the page opens in it (index.html's boot script). */
  const quoteLink = (row: BookingRow) =>
    `${publicUrl}/booking-quote/${quoteToken(jwtSecret, { truckId: row.truckId, bookingId: row.id, version: row.version, validUntil: row.quoteValidUntil! })}?lang=${row.language}`;

  /** Mail goes out after the change commits; a mail that cannot go out does not undo the booking. */
  async function send(mails: Parameters<typeof app.mail.send>[0][]) {
    const results = await Promise.allSettled(mails.map((mail) => app.mail.send(mail)));
    for (const result of results) if (result.status === 'rejected') app.log.error({ err: result.reason }, 'bookings: a mail could not be sent');
  }

  async function lockedBooking(tx: Tx, truckId: string, bookingId: string): Promise<BookingRow> {
    const [row] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.truckId, truckId), eq(bookings.id, bookingId)))
      .for('update');
    if (!row) throw bookingNotFound();
    return row;
  }

  /** Writes a decided change of a locked booking: the row (next version), its history entry, the live event. */
  async function applyCommand(tx: Tx, row: BookingRow, command: BookingCommand, actor: Actor | null, now: Date): Promise<BookingRow> {
    const change = await decide(tx, row, command, now);
    // A quote the truck could not honour would only fail at the customer's acceptance.
    if (change.status === 'confirmed' || change.status === 'quoted') {
      const other = await clashOf(tx, row);
      if (other) throw clashError(other);
    }
    const version = row.version + 1;
    const quote = change.quote;
    const [updated] = await tx
      .update(bookings)
      .set({
        status: change.status,
        ...(quote
          ? { quoteAmount: quote.amountMinor, quoteDeposit: quote.depositMinor, quoteMessage: quote.message, quoteValidUntil: new Date(quote.validUntil) }
          : {}),
        ...(command.action === 'confirm' && command.depositReceived ? { depositReceived: true } : {}),
        expiresAt: change.status === 'quoted' && quote ? new Date(quote.validUntil) : null,
        version,
        updatedAt: now,
      })
      .where(and(eq(bookings.truckId, row.truckId), eq(bookings.id, row.id)))
      .returning();
    const [history] = await tx
      .insert(bookingHistory)
      .values({ ...historyValues(row.truckId, version, change.historyEntry, actor, now), bookingId: row.id })
      .returning();
    const event: BookingEvent = { booking: toSummary(updated!), previousStatus: row.status, history: toHistoryEntry(history!) };
    await publishTruckEvent(tx, row.truckId, BOOKING_EVENTS.changed, event);
    return updated!;
  }

  /**
   * Runs a change; a double booking the constraint caught (a race) answers like the check would have.
   * Two overlapping confirmations written at the same moment each wait for the other's index entry
   * (the exclusion constraint's check), and PostgreSQL breaks that circle by failing one with a
   * deadlock: that one runs again, now sees the winner committed and answers booking_clash.
   */
  async function changing<T>(truckId: string, bookingId: string, work: (tx: Tx) => Promise<T>, attempt = 1): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (hasSqlState(error, DEADLOCK_DETECTED) && attempt < 3) return changing(truckId, bookingId, work, attempt + 1);
      if (!hasSqlState(error, EXCLUSION_VIOLATION)) throw error;
      const [row] = await db.select().from(bookings).where(and(eq(bookings.truckId, truckId), eq(bookings.id, bookingId)));
      const other = row ? await clashOf(db, row) : null;
      throw other ? clashError(other) : new DomainError('conflict', 409);
    }
  }

  async function truckNamesOf(truckId: string) {
    const [truck] = await db.select({ nameEn: trucks.nameEn, nameAr: trucks.nameAr }).from(trucks).where(eq(trucks.id, truckId));
    return truck ?? { nameEn: '', nameAr: '' };
  }

  /** After a change commits: the customer hears of a quote or a confirmation. */
  async function tellCustomer(row: BookingRow) {
    if (row.status !== 'quoted' && row.status !== 'confirmed') return;
    const truck = await truckNamesOf(row.truckId);
    await send([row.status === 'quoted' ? quoteMail(row, truck, quoteLink(row)) : confirmedMail(row, truck)]);
  }

  async function readPage(truckId: string, query: BookingListQuery): Promise<BookingPage> {
    const newestFirst = !QUEUE_TABS.has(query.tab);
    const rows = query.cursor
      ? await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.truckId, truckId), eq(bookings.tab, query.tab), afterCursor(bookings, newestFirst, query.cursor)))
          .orderBy(...keysetOrder(bookings, newestFirst))
          .limit(query.limit + 1)
      : await firstPages(db)[newestFirst ? 'newestFirst' : 'oldestFirst'].execute({ truckId, tab: query.tab, limit: query.limit + 1 });
    const { items, nextCursor } = pageOf(rows, query.limit, toSummary);
    return { bookings: items, nextCursor };
  }

  async function readCounts(truckId: string): Promise<BookingCounts> {
    const rows = await firstPages(db).counts.execute({ truckId });
    const counts = Object.fromEntries(BOOKING_TAB_NAMES.map((tab) => [tab, 0])) as BookingCounts;
    for (const row of rows) counts[row.tab] = row.count;
    return counts;
  }

  /** The booking an Idempotency-Key was first used for; 422 when the key came with a different body. */
  async function replay(runner: Runner, truckId: string, claim: IdempotencyClaim): Promise<BookingRow | null> {
    const bookingId = await keys.earlier(runner, truckId, claim);
    if (bookingId === null) return null;
    const [row] = await runner.select().from(bookings).where(and(eq(bookings.truckId, truckId), eq(bookings.id, bookingId)));
    if (!row) throw idempotencyKeyReused();
    return row;
  }

  /** Why this truck may not take this request now; every problem, on its field. */
  async function intakeProblems(truck: TruckRow, body: CreateBooking, now: Date): Promise<Problem[]> {
    const problems: Problem[] = [];
    for (const block of await truckTradingBlocks(db, truck, now)) {
      problems.push({ path: 'truck', code: block.code, params: 'type' in block ? { type: block.type } : { status: block.status } });
    }
    if (!truck.availableToArrive) problems.push({ path: 'truck', code: 'bookings_unavailable' });
    const dateProblem = eventDateProblem(body.eventDate, localToday(truck.timeZone, now));
    if (dateProblem) problems.push({ path: 'eventDate', code: dateProblem, ...(dateProblem === 'event_date_too_far' ? { params: { days: 366 } } : {}) });
    return problems;
  }

  /** The quote as the customer's link shows it; the link must be genuine, in date and unused. */
async function publicQuote(token: string, now = new Date()): Promise<PublicQuote> {
    const claim = readQuoteToken(jwtSecret, token, now);
    if (!claim) throw quoteLinkInvalid();
    const [found] = await db
      .select({ booking: bookings, nameEn: trucks.nameEn, nameAr: trucks.nameAr, logoId: trucks.logoId, phone: trucks.phone, slug: trucks.slug })
      .from(bookings)
      .innerJoin(trucks, eq(trucks.id, bookings.truckId))
      .where(and(eq(bookings.truckId, claim.truckId), eq(bookings.id, claim.bookingId)));
    // Used (confirmed through it) still shows, so the customer sees the result; any other change retires the link.
    const row = found?.booking;
    const used = row && row.status === 'confirmed' && row.version === claim.version + 1;
    if (!row || (row.version !== claim.version && !used) || row.quoteAmount === null || row.quoteValidUntil === null) throw quoteLinkInvalid();
    // Booked over since the quote: the page says so before the customer tries, as accepting would (booking_time_taken).
    const timeTaken = row.status === 'quoted' && (await clashOf(db, row)) !== null;
    return {
      truck: { nameEn: found.nameEn, nameAr: found.nameAr, logoUrl: found.logoId ? uploadUrl(row.truckId, found.logoId) : null, phone: found.phone, slug: found.slug },
      number: row.number,
      status: row.status,
      eventType: row.eventType,
      eventDate: row.eventDate,
      startTime: row.startTime,
      endTime: row.endTime,
      timeZone: row.timeZone,
      guestCount: row.guestCount,
      address: row.address,
      currency: toSummary(row).currency,
      quote: toSummary(row).quote!,
      acceptable: row.status === 'quoted' && !timeTaken,
      timeTaken,
      language: row.language,
    };
  }

  return {
    publicQuote,

    async list(truckId: string, query: BookingListQuery): Promise<BookingPage> {
      // A tab's first page is what every open dashboard asks for after every change: kept until the truck's bookings change.
      if (query.cursor) return readPage(truckId, query);
      return (await app.readCache.remember(`bookings:${truckId}:${query.tab}:${query.limit}`, [`bookings:${truckId}`], () => readPage(truckId, query)))!;
    },

    async counts(truckId: string): Promise<BookingCounts> {
      return (await app.readCache.remember(`bookings:${truckId}:counts`, [`bookings:${truckId}`], () => readCounts(truckId)))!;
    },

    async get(truckId: string, bookingId: string): Promise<Booking> {
      const [row] = await db.select().from(bookings).where(and(eq(bookings.truckId, truckId), eq(bookings.id, bookingId)));
      if (!row) throw bookingNotFound();
      return withDetails(db, row);
    },

    async byNumber(truckId: string, number: number): Promise<Booking> {
      const [row] = await db.select().from(bookings).where(and(eq(bookings.truckId, truckId), eq(bookings.number, number)));
      if (!row) throw bookingNotFound();
      return withDetails(db, row);
    },

    /** Confirmed bookings whose event falls in a month of the truck's calendar, by start. */
    async month(truck: Pick<TruckRow, 'id'>, month: string): Promise<BookingMonth> {
      const first = Temporal.PlainYearMonth.from(month);
      const rows = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.truckId, truck.id),
            eq(bookings.status, 'confirmed'),
            gte(bookings.eventDate, first.toPlainDate({ day: 1 }).toString()),
            lt(bookings.eventDate, first.add({ months: 1 }).toPlainDate({ day: 1 }).toString()),
          ),
        )
        .orderBy(asc(bookings.windowStart));
      return { month, bookings: rows.map(toSummary) };
    },

    /**
     * A person's action on the version they saw: 409 `conflict` when it changed since, 409
     * `illegal_transition` or `quote_expired` when the booking does not allow it, 409 `booking_clash`
     * naming the confirmed booking a confirmation would overlap.
     */
    async act(truckId: string, bookingId: string, body: BookingAction, actor: Actor, now = new Date()): Promise<Booking> {
      const { booking, row } = await changing(truckId, bookingId, async (tx) => {
        const locked = await lockedBooking(tx, truckId, bookingId);
        if (locked.version !== body.version) throw new DomainError('conflict', 409, { booking: await withDetails(tx, locked) });
        const { version: _seen, ...command } = body;
        const changed = await applyCommand(tx, locked, command, actor, now);
        return { booking: await withDetails(tx, changed), row: changed };
      });
      await tellCustomer(row);
      return booking;
    },

    /** The customer accepts through the link: a confirmation like the vendor's, same overlap rule; the link then stops working. */
    async acceptQuote(token: string, now = new Date()): Promise<PublicQuote> {
      const claim = readQuoteToken(jwtSecret, token, now);
      if (!claim) throw quoteLinkInvalid();
      const row = await changing(claim.truckId, claim.bookingId, async (tx) => {
        const [locked] = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.truckId, claim.truckId), eq(bookings.id, claim.bookingId)))
          .for('update');
        if (!locked || locked.version !== claim.version) throw quoteLinkInvalid();
        return applyCommand(tx, locked, { action: 'confirm' }, null, now);
      }).catch((error: unknown) => {
        throw error instanceof DomainError && error.code === 'booking_clash' ? timeTaken() : error;
      });
      await tellCustomer(row);
      return publicQuote(token, now);
    },

    /** Sets the truck's availableToArrive switch; new requests are refused while it is off. */
    async setAvailability(truckId: string, availableToArrive: boolean): Promise<void> {
      await db.update(trucks).set({ availableToArrive, updatedAt: new Date() }).where(eq(trucks.id, truckId));
    },

    /**
     * Expires pending requests unanswered for 7 days and quotes past their valid-until. Rows another
     * process is expiring are skipped (SKIP LOCKED); returns how many it expired (a full batch: maybe more).
     */
    async expireDue(now = new Date(), limit = EXPIRY_BATCH): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(bookings)
          .where(and(sql`${bookings.status} IN ('pending', 'quoted')`, lte(bookings.expiresAt, now)))
          .orderBy(asc(bookings.expiresAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        due.sort((a, b) => (a.truckId < b.truckId ? -1 : a.truckId > b.truckId ? 1 : 0));
        for (const row of due) await applyCommand(tx, row, { action: 'expire' }, null, now);
        return due.length;
      });
    },

    forgetOldKeys: () => keys.forgetOld(db),

    /**
     * Takes a customer's request: checked (422 naming every problem, nothing stored), numbered,
     * announced, then the vendor and the customer are mailed. The same Idempotency-Key and body
     * return the first booking instead of a second.
     */
    async request(truck: TruckRow, claim: IdempotencyClaim | null, body: CreateBooking, lang: Lang, now = new Date()): Promise<{ booking: BookingRow; replayed: boolean }> {
      const earlier = claim && (await replay(db, truck.id, claim));
      if (earlier) return { booking: earlier, replayed: true };
      const problems = await intakeProblems(truck, body, now);
      if (problems.length > 0) {
        const codes = problems.map((problem) => problem.code);
        const code = codes.some((c) => c.startsWith('truck_') || c.startsWith('document_'))
          ? 'truck_not_booking'
          : codes.includes('bookings_unavailable')
            ? 'bookings_unavailable'
            : codes[0]!;
        throw new DomainError(code, 422, code === 'event_date_too_far' ? { days: 366 } : undefined, problems);
      }
      const window = bookingWindow({ id: '', eventDate: body.eventDate, startTime: body.startTime, endTime: body.endTime, setupMinutes: body.setupMinutes, timeZone: truck.timeZone });
      const result = await db.transaction(async (tx) => {
        const id = randomUUID();
        if (claim && !(await keys.claim(tx, truck.id, claim, id))) return { booking: (await replay(tx, truck.id, claim))!, replayed: true };
        const [counter] = await tx
          .insert(bookingCounters)
          .values({ truckId: truck.id, lastNumber: 1 })
          .onConflictDoUpdate({ target: bookingCounters.truckId, set: { lastNumber: sql`${bookingCounters.lastNumber} + 1` } })
          .returning({ number: bookingCounters.lastNumber });
        const [row] = await tx
          .insert(bookings)
          .values({
            truckId: truck.id,
            id,
            number: counter!.number,
            status: 'pending',
            customerName: body.customer.name,
            customerPhone: body.customer.phone,
            customerEmail: body.customer.email,
            language: body.language ?? lang,
            eventType: body.eventType,
            serviceModel: body.serviceModel,
            eventDate: body.eventDate,
            startTime: body.startTime,
            endTime: body.endTime,
            setupMinutes: body.setupMinutes,
            timeZone: truck.timeZone,
            windowStart: window.start,
            windowEnd: window.end,
            address: body.location.address,
            lat: body.location.lat,
            lng: body.location.lng,
            guestCount: body.guestCount,
            menuNotes: body.menuNotes,
            budget: body.budgetMinor,
            currency: truck.currency,
            expiresAt: new Date(now.getTime() + PENDING_BOOKING_EXPIRY_DAYS * DAY_MS),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx.insert(bookingHistory).values({ ...historyValues(truck.id, 0, { status: 'pending' as const, action: 'request' as const }, null, now), bookingId: id });
        const event: BookingEvent = { booking: toSummary(row!), previousStatus: null };
        await publishTruckEvent(tx, truck.id, BOOKING_EVENTS.created, event);
        return { booking: row!, replayed: false };
      });
      if (!result.replayed) {
        const [owner] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, truck.ownerId));
        const names = { nameEn: truck.nameEn, nameAr: truck.nameAr };
        await send([
          ...(owner ? [newRequestMail(truck.email ?? owner.email, owner.language, result.booking, names, publicUrl)] : []),
          requestReceivedMail(result.booking, names),
        ]);
      }
      return result;
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
