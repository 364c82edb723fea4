/**
 * Bookings through the real app and a real database: the public request and every refusal (nothing
 * stored), idempotent retries, every transition with its history, the 409s, no double booking (also
 * two confirmations racing on two connections), the quote link, expiry (also two processes at once),
 * lists and counts, the month calendar, live events, the read cache across two processes, the
 * calendar feed, and tenancy.
 */
import type { Booking, BookingCounts, BookingMonth, BookingPage, PublicQuote } from '@domain/bookings/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '@testing/accounts';
import {
  actOn,
  bookingCall,
  bookingRequest,
  bookingTruck,
  mailsTo,
  quoted,
  requestBooking,
  requestedBooking,
  validUntil,
  type BookingTruck,
} from '@testing/bookings';
import { onCleanup } from '@testing/cleanup';
import { createTestApp } from '@testing/test-app';
import { anotherPool } from '@testing/test-database';
import { kuwaitDate } from '@testing/trucks';
import { buildApp } from '../../app';
import { wrapPool } from '../../db/database';
import { bookingHistory, bookings } from '../../db/tables/bookings';
import { truckEvents } from '../../db/tables/events';
import { truckDocuments, trucks } from '../../db/tables/trucks';
import { createBookingsService } from './bookings.service';

let app: FastifyInstance;
let admin: SignedUp;
let truck: BookingTruck;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
  truck = await bookingTruck(app, admin);
});

const path = (of: BookingTruck, rest = '') => `/trucks/${of.truck.id}/bookings${rest}`;

async function counts(of: BookingTruck = truck): Promise<BookingCounts> {
  const res = await bookingCall(app, of.owner, 'GET', path(of, '/counts'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingCounts;
}
const total = (c: BookingCounts) => Object.values(c).reduce((sum, n) => sum + n, 0);

async function getBooking(id: string, of: BookingTruck = truck): Promise<Booking> {
  const res = await bookingCall(app, of.owner, 'GET', path(of, `/${id}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Booking;
}

/** A request that must be refused: checks nothing was written. */
async function refused(body: unknown, of: BookingTruck = truck) {
  const before = total(await counts(of));
  const res = await requestBooking(app, of.slug, body);
  expect(total(await counts(of))).toBe(before);
  return res;
}

const fieldsOf = (res: { json(): unknown }) =>
  ((res.json() as { error: { fields?: { path: string; code: string }[] } }).error.fields ?? []).map(({ path: p, code }) => ({ path: p, code }));

/** A quoted booking on a date of its own (each test its own day, so none clash by accident). */
let nextDay = 40;
async function quotedBooking(of: BookingTruck = truck, overrides = {}): Promise<Booking> {
  return quoted(app, of, await requestedBooking(app, of, nextDay++, overrides));
}

describe('the public request', () => {
  it('takes a request, numbered per truck, pending, with its window in the truck’s time zone, and mails both sides', async () => {
    const res = await requestBooking(app, truck.slug, bookingRequest(30), { 'accept-language': 'ar' });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as { id: string; number: number; status: string };
    expect(receipt.status).toBe('pending');
    const booking = await getBooking(receipt.id);
    expect(booking).toMatchObject({ status: 'pending', version: 0, guestCount: 150, currency: 'KWD', budgetMinor: 500_000, timeZone: 'Asia/Kuwait', clash: null });
    // 18:00 Kuwait (UTC+3) less an hour of setup.
    expect(booking.windowStart).toBe(`${kuwaitDate(30)}T14:00:00.000Z`);
    expect(booking.windowEnd).toBe(`${kuwaitDate(30)}T19:00:00.000Z`);
    expect(booking.history).toEqual([expect.objectContaining({ version: 0, status: 'pending', action: 'request', actor: null })]);
    const second = await requestBooking(app, truck.slug, bookingRequest(31));
    expect((second.json() as { number: number }).number).toBe(receipt.number + 1);

    const customerMail = (await mailsTo(app, 'noura@example.com')).at(-2)!;
    expect(customerMail.subject).toMatch(/استلمنا استفسار حجزك/);
    // The date, the times (the customer's 12-hour clock) and the number in Arabic words and digits, no ISO date.
    expect(customerMail.text).toContain('من ٦:٠٠ م إلى ١٠:٠٠ م');
    expect(customerMail.text).not.toMatch(/[0-9]/);
    // The truck's contact address (testing/trucks.ts) gets the vendor's mail.
    const vendorMail = (await mailsTo(app, 'truck@example.com')).find((mail) => mail.text.includes(`/jobs/${receipt.number}`));
    expect(vendorMail?.subject).toContain(`#${receipt.number}`);
  });

  it('refuses, with a localized error and nothing stored, an empty window, no guests, a past or too distant date, and malformed fields', async () => {
    const empty = await refused(bookingRequest(30, { startTime: '18:00', endTime: '18:00' }));
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toContainEqual({ path: 'endTime', code: 'window_empty' });

    const noGuests = await refused(bookingRequest(30, { guestCount: 0 }));
    expect(noGuests.statusCode).toBe(400);
    expect(fieldsOf(noGuests).map((f) => f.path)).toContain('guestCount');

    const past = await refused(bookingRequest(-1));
    expect(past.statusCode).toBe(422);
    expect(past.json().error).toMatchObject({ code: 'event_date_past', message: 'The event date has already passed.' });

    const far = await requestBooking(app, truck.slug, bookingRequest(400), { 'accept-language': 'ar' });
    expect(far.statusCode).toBe(422);
    expect(far.json().error.code).toBe('event_date_too_far');
    expect(far.json().error.message).toMatch(/٣٦٦/);

    const malformed = await refused({ ...bookingRequest(30), eventDate: '2026-13-40', customer: { name: '', phone: '12', email: 'x' }, extra: 1 });
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed).map((f) => f.path)).toEqual(expect.arrayContaining(['eventDate', 'customer.name', 'customer.phone', 'customer.email', '']));
  });

  it('refuses while availableToArrive is off, and takes requests again once it is on; staff may not flip it', async () => {
    const byStaff = await bookingCall(app, truck.staff, 'PUT', path(truck, '/availability'), { availableToArrive: false });
    expect(byStaff.statusCode).toBe(403);
    const off = await bookingCall(app, truck.owner, 'PUT', path(truck, '/availability'), { availableToArrive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ availableToArrive: false });
    try {
      const res = await refused(bookingRequest(30));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'bookings_unavailable', message: 'This truck is not taking event bookings right now.' });
      expect((await bookingCall(app, truck.staff, 'GET', path(truck, '/desk'))).json()).toMatchObject({ availableToArrive: false, canChangeSettings: false });
      expect((await bookingCall(app, truck.owner, 'GET', path(truck, '/desk'))).json()).toMatchObject({ availableToArrive: false, canChangeSettings: true });
    } finally {
      await bookingCall(app, truck.owner, 'PUT', path(truck, '/availability'), { availableToArrive: true });
    }
    expect((await requestBooking(app, truck.slug, bookingRequest(30))).statusCode).toBe(201);
  });

  it('refuses a truck that is not approved, or whose required document has expired', async () => {
    const other = await bookingTruck(app, admin);
    await app.database.db.update(truckDocuments).set({ expiryDate: kuwaitDate(-1) }).where(and(eq(truckDocuments.truckId, other.truck.id), eq(truckDocuments.type, 'health_permit')));
    const expired = await refused(bookingRequest(30), other);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.code).toBe('truck_not_booking');
    expect(fieldsOf(expired)).toContainEqual({ path: 'truck', code: 'document_expired' });

    await app.database.db.update(trucks).set({ status: 'suspended' }).where(eq(trucks.id, other.truck.id));
    await app.readCache.settle();
    // A suspended truck's bookings are closed to its owner too (403 truck_suspended): count the rows.
    const held = async () => (await app.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.truckId, other.truck.id))).length;
    const before = await held();
    const suspended = await requestBooking(app, other.slug, bookingRequest(30));
    expect(suspended.statusCode).toBe(422);
    expect(fieldsOf(suspended)).toContainEqual({ path: 'truck', code: 'truck_not_approved' });
    expect(await held()).toBe(before);
    expect((await requestBooking(app, 'no-such-truck', bookingRequest(30))).statusCode).toBe(404);
  });

  it('answers a retry with the same Idempotency-Key with the first booking, also when retries race, and 422 for another body', async () => {
    const headers = { 'idempotency-key': `retry-${Date.now()}` };
    const before = total(await counts());
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestBooking(app, truck.slug, bookingRequest(33), headers)));
    const ids = new Set(answers.map((res) => (res.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(total(await counts())).toBe(before + 1);
    const other = await requestBooking(app, truck.slug, bookingRequest(34), headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });
});

describe('the flow', () => {
  it('quotes, confirms with the deposit, completes, moving between tabs, with history and live events', async () => {
    const booking = await requestedBooking(app, truck, nextDay++);
    const before = await counts();
    const quote = await quoted(app, truck, booking);
    expect(quote).toMatchObject({ status: 'quoted', version: 1, quote: { amountMinor: 400_000, depositMinor: 100_000, message: 'Includes two stations' } });
    expect(quote.expiresAt).toBe(quote.quote!.validUntil);
    const afterQuote = await counts();
    expect(afterQuote.pending).toBe(before.pending - 1);
    expect(afterQuote.quoted).toBe(before.quoted + 1);

    const confirmed = await actOn(app, truck, quote, { action: 'confirm', depositReceived: true }, truck.staff);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', depositReceived: true, expiresAt: null });
    const early = await actOn(app, truck, confirmed.json() as Booking, { action: 'complete' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('event_not_started');
    // Completed once the event has begun: the service is asked at an instant after the setup starts.
    const begun = new Date(Date.parse((confirmed.json() as Booking).windowStart) + 60_000);
    const completed = await createBookingsService(app).act(truck.truck.id, booking.id, { action: 'complete', version: 2 }, { userId: truck.owner.user.id }, begun);
    expect(completed).toMatchObject({ status: 'completed', version: 3 });
    const history = completed.history;
    expect(history.map((entry) => [entry.action, entry.status])).toEqual([
      ['request', 'pending'],
      ['quote', 'quoted'],
      ['confirm', 'confirmed'],
      ['complete', 'completed'],
    ]);
    expect(history[2]!.actor?.name).toBe(truck.staff.user.email);

    const events = await app.database.db.select().from(truckEvents).where(eq(truckEvents.truckId, truck.truck.id));
    const mine = events.filter((event) => (event.data as { booking?: { id: string } }).booking?.id === booking.id);
    expect(mine.map((event) => [event.type, (event.data as { previousStatus: string | null }).previousStatus])).toEqual([
      ['booking.created', null],
      ['booking.changed', 'pending'],
      ['booking.changed', 'quoted'],
      ['booking.changed', 'confirmed'],
    ]);
  });

  it('declines a request and cancels a quote or a confirmed booking, keeping the reason; a reason is required', async () => {
    const pending = await requestedBooking(app, truck, nextDay++);
    const noReason = await actOn(app, truck, pending, { action: 'decline', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(fieldsOf(noReason)).toContainEqual({ path: 'reason', code: 'reason_required' });
    const declined = await actOn(app, truck, pending, { action: 'decline', reason: 'Fully booked that week' });
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((declined.json() as Booking).history.at(-1)).toMatchObject({ action: 'decline', reason: 'Fully booked that week' });

    const quote = await quotedBooking();
    const cancelled = await actOn(app, truck, quote, { action: 'cancel', reason: 'Host changed plans' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });

    const confirmed = (await actOn(app, truck, await quotedBooking(), { action: 'confirm' })).json() as Booking;
    const cancelledConfirmed = await actOn(app, truck, confirmed, { action: 'cancel', reason: 'Generator broke' });
    expect(cancelledConfirmed.json()).toMatchObject({ status: 'cancelled' });
  });

  it('refuses every other transition with 409 and the current status, and a stale version with 409 conflict', async () => {
    const pending = await requestedBooking(app, truck, nextDay++);
    for (const action of [{ action: 'confirm' }, { action: 'complete' }, { action: 'cancel', reason: 'x' }]) {
      const res = await actOn(app, truck, pending, action);
      expect(res.statusCode, JSON.stringify(action)).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'illegal_transition', details: { status: 'pending' } });
    }
    const quote = await quoted(app, truck, pending);
    const again = await actOn(app, truck, quote, { action: 'quote', quote: { amountMinor: 1, depositMinor: 0, validUntil: validUntil() } });
    expect(again.json().error).toMatchObject({ code: 'illegal_transition', details: { status: 'quoted' } });
    const decline = await actOn(app, truck, quote, { action: 'decline', reason: 'late' });
    expect(decline.statusCode).toBe(409);

    const stale = await actOn(app, truck, pending, { action: 'decline', reason: 'Too late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'conflict', details: { booking: { status: 'quoted', version: 1 } } });
    expect((await getBooking(pending.id)).status).toBe('quoted');
  });

  it('checks the quote: deposit at most the amount, valid-until in the future', async () => {
    const pending = await requestedBooking(app, truck, nextDay++);
    const deposit = await actOn(app, truck, pending, { action: 'quote', quote: { amountMinor: 100, depositMinor: 200, validUntil: validUntil() } });
    expect(deposit.statusCode).toBe(400);
    expect(fieldsOf(deposit)).toContainEqual({ path: 'quote.depositMinor', code: 'deposit_exceeds_amount' });
    const past = await actOn(app, truck, pending, { action: 'quote', quote: { amountMinor: 100, depositMinor: 0, validUntil: validUntil(-1) } });
    expect(past.statusCode).toBe(400);
    expect(fieldsOf(past)).toContainEqual({ path: 'quote.validUntil', code: 'valid_until_past' });
    expect((await getBooking(pending.id)).status).toBe('pending');
  });

  it('opens a booking by its number, and 404s a number that is not the truck’s', async () => {
    const booking = await requestedBooking(app, truck, nextDay++);
    const res = await bookingCall(app, truck.staff, 'GET', path(truck, `/by-number/${booking.number}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: booking.id, number: booking.number });
    for (const number of ['99999', '0', 'abc', '-1']) {
      const missing = await bookingCall(app, truck.owner, 'GET', path(truck, `/by-number/${number}`));
      expect(missing.statusCode, number).toBe(404);
      expect(missing.json().error.code).toBe('booking_not_found');
    }
  });
});

describe('no double booking', () => {
  it('warns of a clash on a request, refuses to quote or confirm it naming the other booking; back to back is fine', async () => {
    const day = nextDay++;
    const firstQuoted = await quoted(app, truck, await requestedBooking(app, truck, day));
    // 21:00–23:00 with an hour of setup overlaps 18:00–22:00; quoted while the first is not confirmed yet.
    const quote = await quoted(app, truck, await requestedBooking(app, truck, day, { startTime: '21:00', endTime: '23:00', setupMinutes: 60 }));
    const first = (await actOn(app, truck, firstQuoted, { action: 'confirm' })).json() as Booking;
    const overlapping = await requestedBooking(app, truck, day, { startTime: '21:00', endTime: '23:00', setupMinutes: 60 });
    expect(overlapping.clash).toMatchObject({ id: first.id, number: first.number });
    const refusedQuote = await actOn(app, truck, overlapping, { action: 'quote', quote: { amountMinor: 400_000, depositMinor: 0, message: '', validUntil: validUntil() } });
    expect(refusedQuote.statusCode).toBe(409);
    expect(refusedQuote.json().error).toMatchObject({ code: 'booking_clash', details: { number: first.number } });
    expect((await getBooking(overlapping.id)).status).toBe('pending');
    const res = await actOn(app, truck, { ...quote, version: (await getBooking(quote.id)).version }, { action: 'confirm' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'booking_clash', message: `This booking overlaps confirmed booking #${first.number} (setup time included).`, details: { number: first.number } });
    expect((await getBooking(quote.id)).status).toBe('quoted');

    // Setup starts exactly when the first ends.
    const next = await quoted(app, truck, await requestedBooking(app, truck, day, { startTime: '23:00', endTime: '23:59', setupMinutes: 60 }));
    expect(next.clash).toBeNull();
    expect((await actOn(app, truck, next, { action: 'confirm' })).statusCode).toBe(200);
  });

  it('lets exactly one of two overlapping confirmations racing on two connections win', async () => {
    for (let round = 0; round < 3; round++) {
      const day = nextDay++;
      const a = await quoted(app, truck, await requestedBooking(app, truck, day));
      const b = await quoted(app, truck, await requestedBooking(app, truck, day, { startTime: '19:00', endTime: '21:00' }));
      const answers = await Promise.all([actOn(app, truck, a, { action: 'confirm' }), actOn(app, truck, b, { action: 'confirm' })]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((res) => res.statusCode === 409)!;
      const winner = answers.find((res) => res.statusCode === 200)!.json() as Booking;
      expect(loser.json().error).toMatchObject({ code: 'booking_clash', details: { number: winner.number } });
    }
  });

  it('answers a confirmation that PostgreSQL failed with a deadlock by running it again: the clash, never a 500', async () => {
    // Two overlapping confirmations written at the same moment wait for each other's index entry;
    // PostgreSQL fails one with a deadlock. Here another connection holds the overlapping confirmation
    // and then waits on the service's row, closing the circle while the service waits, so the service's
    // backend is the one that finds it (its deadlock check runs after 1 s; the other's after 60 s).
    // Should the circle close after the service's check (a stalled test process), the other
    // connection is the one failed instead and the round is tried again.
    const pool = anotherPool(app.database, 2);
    onCleanup(() => pool.end());
    for (let round = 1; ; round++) {
      const day = nextDay++;
      const a = await quoted(app, truck, await requestedBooking(app, truck, day));
      const b = await quoted(app, truck, await requestedBooking(app, truck, day, { startTime: '17:00', endTime: '19:00' }));
      const [other, watcher] = [await pool.connect(), await pool.connect()];
      try {
        await other.query('BEGIN');
        await other.query(`SET LOCAL deadlock_timeout = '60s'`);
        const otherPid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        await other.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [b.id]);
        const answer = actOn(app, truck, a, { action: 'confirm' });
        for (;;) {
          const { rows } = await watcher.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, [otherPid]);
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const closing = await other.query(`SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE`, [a.id]).then(() => null, (error: unknown) => error);
        if (closing) {
          expect(closing).toMatchObject({ code: '40P01' });
          await other.query('ROLLBACK');
          expect((await answer).statusCode).toBe(200);
          if (round < 3) continue;
          throw new Error('the circle closed too late in three rounds');
        }
        await other.query('COMMIT');
        const res = await answer;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'booking_clash', details: { number: b.number } });
        return;
      } finally {
        other.release();
        watcher.release();
      }
    }
  });

  it('is a rule of the database: a direct write of an overlapping confirmation fails, on any connection', async () => {
    const day = nextDay++;
    const a = await quoted(app, truck, await requestedBooking(app, truck, day));
    const b = await quoted(app, truck, await requestedBooking(app, truck, day, { startTime: '17:00', endTime: '19:00' }));
    const pool = anotherPool(app.database, 2);
    onCleanup(() => pool.end());
    const [one, two] = [await pool.connect(), await pool.connect()];
    try {
      await one.query('BEGIN');
      await two.query('BEGIN');
      await one.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [a.id]);
      // The second waits on the first's uncommitted row, then fails once it commits.
      const second = two.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [b.id]).then(() => null, (error: unknown) => error);
      await one.query('COMMIT');
      expect(await second).toMatchObject({ code: '23P01', constraint: 'bookings_no_double_booking' });
      await two.query('ROLLBACK');
    } finally {
      one.release();
      two.release();
    }
    const statuses = await app.database.db.select({ status: bookings.status }).from(bookings).where(inArray(bookings.id, [a.id, b.id]));
    expect(statuses.map((row) => row.status).sort()).toEqual(['confirmed', 'quoted']);
  });
});

describe('the quote link', () => {
  async function linkOf(booking: Booking): Promise<string> {
    const mail = (await mailsTo(app, booking.customer.email)).reverse().find((m) => m.text.includes('/booking-quote/'))!;
    return /\/booking-quote\/([\w-]+)/.exec(mail.text)![1]!;
  }
  const publicCall = (method: 'GET' | 'POST', token: string, suffix = '') => app.inject({ method, url: `/api/v1/public/booking-quotes/${token}${suffix}` });

  it('is mailed to the customer, shows the quote without sign-in, confirms once, then stops accepting', async () => {
    const booking = await quotedBooking(truck, { customer: { name: 'Sara', phone: '+96555500001', email: `sara-${Date.now()}@example.com` }, language: 'ar' });
    const mail = (await mailsTo(app, booking.customer.email)).at(-1)!;
    expect(mail.subject).toMatch(/عرض السعر/);
    // The link itself carries the mail's language: the page opens in it before anything loads.
    expect(mail.text).toMatch(/\/booking-quote\/[\w-]+\?lang=ar\s/);
    const token = await linkOf(booking);
    const shown = await publicCall('GET', token);
    expect(shown.statusCode, shown.body).toBe(200);
    // The mail's language, so the page opens in it; the truck as its public page shows it.
    expect(shown.json()).toMatchObject({ status: 'quoted', acceptable: true, timeTaken: false, number: booking.number, quote: { amountMinor: 400_000 }, truck: { nameEn: 'Falafel Express' }, language: 'ar' });
    expect(Object.keys((shown.json() as PublicQuote).truck).sort()).toEqual(['logoUrl', 'nameAr', 'nameEn', 'phone', 'slug']);
    const accepted = await publicCall('POST', token, '/accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json() as PublicQuote).toMatchObject({ status: 'confirmed', acceptable: false });
    const after = await getBooking(booking.id);
    expect(after.history.at(-1)).toMatchObject({ action: 'confirm', status: 'confirmed', actor: null });
    const again = await publicCall('POST', token, '/accept');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('quote_link_invalid');
  });

  it('stops working when the booking changes, at valid-until, and when forged', async () => {
    const booking = await quotedBooking();
    const token = await linkOf(booking);
    await actOn(app, truck, booking, { action: 'cancel', reason: 'Host cancelled' });
    expect((await publicCall('GET', token)).statusCode).toBe(404);
    expect((await publicCall('POST', token, '/accept')).statusCode).toBe(404);

    // The link carries the quote's valid-until: from then on it finds nothing.
    const short = await quoted(app, truck, await requestedBooking(app, truck, nextDay++));
    const shortToken = await linkOf(short);
    const service = createBookingsService(app);
    const later = new Date(Date.parse(short.quote!.validUntil) + 1000);
    await expect(service.publicQuote(shortToken, later)).rejects.toMatchObject({ code: 'quote_link_invalid' });
    await expect(service.acceptQuote(shortToken, later)).rejects.toMatchObject({ code: 'quote_link_invalid' });
    expect((await getBooking(short.id)).status).toBe('quoted');

    expect((await publicCall('GET', `${shortToken.slice(0, -6)}forged`)).statusCode).toBe(404);
    expect((await publicCall('GET', 'x')).statusCode).toBe(404);
  });

  it("applies the overlap rule when the customer accepts, telling them the time is taken without the other booking's number", async () => {
    const day = nextDay++;
    const first = await quoted(app, truck, await requestedBooking(app, truck, day));
    const second = await quoted(app, truck, await requestedBooking(app, truck, day, { startTime: '20:00', endTime: '23:00', customer: { name: 'Late', phone: '+96555500002', email: `late-${Date.now()}@example.com` } }));
    const token = await linkOf(second);
    expect((await publicCall('GET', token)).json()).toMatchObject({ acceptable: true, timeTaken: false });
    const confirmed = (await actOn(app, truck, first, { action: 'confirm' })).json() as Booking;
    // Opened after that, the page knows at once: no Accept, and nothing of the other booking.
    const shown = await publicCall('GET', token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ status: 'quoted', acceptable: false, timeTaken: true });
    expect(shown.body).not.toContain(confirmed.id);
    expect(shown.body).not.toContain(confirmed.customer.email);
    for (const lang of ['en', 'ar']) {
      const res = await app.inject({ method: 'POST', url: `/api/v1/public/booking-quotes/${token}/accept`, headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(409);
      const { error } = res.json();
      expect(error.code).toBe('booking_time_taken');
      expect(error.details).toBeUndefined();
      expect(error.message).not.toMatch(new RegExp(`${confirmed.number}|[\u0660-\u0669]`));
      if (lang === 'ar') expect(error.message).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await getBooking(second.id)).status).toBe('quoted');
  });
});

describe('expiry', () => {
  it('expires requests unanswered for 7 days and quotes past valid-until, and nothing else', async () => {
    const stale = await requestedBooking(app, truck, nextDay++);
    const fresh = await requestedBooking(app, truck, nextDay++);
    const lapsed = await quotedBooking();
    const live = await quotedBooking();
    const { db } = app.database;
    await db.update(bookings).set({ createdAt: new Date(Date.now() - 8 * 86_400_000), expiresAt: new Date(Date.now() - 86_400_000) }).where(eq(bookings.id, stale.id));
    await db.update(bookings).set({ quoteValidUntil: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, lapsed.id));
    await app.jobs.runNow('bookings-expire');
    expect((await getBooking(stale.id)).history.at(-1)).toMatchObject({ action: 'expire', status: 'expired', actor: null });
    expect((await getBooking(lapsed.id)).status).toBe('expired');
    expect((await getBooking(fresh.id)).status).toBe('pending');
    expect((await getBooking(live.id)).status).toBe('quoted');
    expect(fresh.expiresAt && Date.parse(fresh.expiresAt) - Date.parse(fresh.createdAt)).toBe(7 * 86_400_000);
  });

  it('expires each booking once when two server processes run the job at the same moment', async () => {
    const second = await buildApp({ config: app.config, database: app.database, logger: false });
    await second.ready();
    onCleanup(() => second.close());
    const other = await bookingTruck(app, admin);
    const ids = (await Promise.all(Array.from({ length: 20 }, (_, i) => requestedBooking(app, other, 30 + i)))).map((b) => b.id);
    await app.database.db.update(bookings).set({ expiresAt: new Date(Date.now() - 1000) }).where(inArray(bookings.id, ids));
    const jobs = [createBookingsService(app), createBookingsService(second)];
    await Promise.all(jobs.flatMap((job) => [job.expireDue(new Date(), 6), job.expireDue(new Date(), 6), job.expireDue(new Date(), 6)]));
    await app.jobs.runNow('bookings-expire');
    const history = await app.database.db
      .select({ bookingId: bookingHistory.bookingId })
      .from(bookingHistory)
      .where(and(inArray(bookingHistory.bookingId, ids), eq(bookingHistory.action, 'expire')));
    expect(history).toHaveLength(20);
    expect(new Set(history.map((row) => row.bookingId)).size).toBe(20);
  });
});

describe('lists, counts and the calendar', () => {
  let listed: BookingTruck;
  beforeAll(async () => {
    listed = await bookingTruck(app, admin);
    for (let i = 0; i < 7; i++) await requestedBooking(app, listed, 20 + i);
  });

  it('pages through a tab with a cursor, oldest first for requests, without gaps or repeats', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?tab=pending&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await bookingCall(app, listed.owner, 'GET', path(listed, query));
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as BookingPage;
      seen.push(...page.bookings.map((b) => b.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await bookingCall(app, listed.owner, 'GET', path(listed, '?cursor=bad'))).statusCode).toBe(400);
  });

  it('counts every tab, closed holding declined, expired and cancelled', async () => {
    const page = (await bookingCall(app, listed.owner, 'GET', path(listed, '?tab=pending&limit=3'))).json() as BookingPage;
    const [a, b] = page.bookings as [Booking, Booking];
    await actOn(app, listed, a, { action: 'decline', reason: 'No' });
    await actOn(app, listed, (await quoted(app, listed, await getBooking(b.id, listed))) as Booking, { action: 'cancel', reason: 'No' });
    expect(await counts(listed)).toEqual({ pending: 5, quoted: 0, confirmed: 0, completed: 0, closed: 2 });
    const closed = (await bookingCall(app, listed.owner, 'GET', path(listed, '?tab=closed'))).json() as BookingPage;
    expect(closed.bookings.map((x) => x.status).sort()).toEqual(['cancelled', 'declined']);
  });

  it('shows a month’s confirmed bookings on the calendar, by start', async () => {
    const day = 60;
    const booking = await quoted(app, listed, await requestedBooking(app, listed, day));
    await actOn(app, listed, booking, { action: 'confirm' });
    const month = kuwaitDate(day).slice(0, 7);
    const res = await bookingCall(app, listed.staff, 'GET', path(listed, `/calendar?month=${month}`));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BookingMonth).bookings.map((b) => b.id)).toEqual([booking.id]);
    expect((await bookingCall(app, listed.owner, 'GET', path(listed, '/calendar?month=2026-13'))).statusCode).toBe(400);
  });
});

describe('the read cache across two processes', () => {
  it('never serves a stale list or count from the other process', async () => {
    const pool = anotherPool(app.database, 5);
    const other = await buildApp({ config: app.config, database: wrapPool(app.database.kind, pool), logger: false });
    await other.ready();
    onCleanup(async () => {
      await other.close();
      await pool.end();
    });
    const cached = await bookingTruck(app, admin);
    const pendingOn = async (on: FastifyInstance) => ((await bookingCall(on, cached.owner, 'GET', path(cached, '?tab=pending'))).json() as BookingPage).bookings.length;
    const countOn = async (on: FastifyInstance) => ((await bookingCall(on, cached.owner, 'GET', path(cached, '/counts'))).json() as BookingCounts).pending;
    expect([await pendingOn(other), await countOn(other)]).toEqual([0, 0]);
    expect([await pendingOn(other), await countOn(other)]).toEqual([0, 0]);
    const booking = await requestedBooking(app, cached, 30);
    await other.readCache.settle();
    expect([await pendingOn(other), await countOn(other)]).toEqual([1, 1]);
    await actOn(app, cached, booking, { action: 'decline', reason: 'No' });
    await other.readCache.settle();
    expect([await pendingOn(other), await countOn(other)]).toEqual([0, 0]);
  });
});

describe('the calendar feed', () => {
  it('lists confirmed bookings at an address only the owner gets, which rotating retires', async () => {
    const fed = await bookingTruck(app, admin);
    const confirmed = (await actOn(app, fed, await quoted(app, fed, await requestedBooking(app, fed, 45)), { action: 'confirm' })).json() as Booking;
    await requestedBooking(app, fed, 46, { eventType: 'Still pending' });
    expect((await bookingCall(app, fed.staff, 'GET', path(fed, '/calendar-feed'))).statusCode).toBe(403);
    const res = await bookingCall(app, fed.owner, 'GET', path(fed, '/calendar-feed'));
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).not.toContain(fed.truck.id);
    expect((await bookingCall(app, fed.owner, 'GET', path(fed, '/calendar-feed'))).json()).toEqual({ url });
    const feedPath = new URL(url).pathname;
    const ics = await app.inject({ method: 'GET', url: feedPath });
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics.body).toContain(`UID:${confirmed.id}@truckdesk`);
    expect(ics.body).toContain(`#${confirmed.number} Wedding`);
    expect(ics.body).not.toContain('Still pending');
    for (const secret of [fed.truck.basics.nameEn, fed.truck.id, fed.owner.user.email]) expect(ics.body).not.toContain(secret);

    const rotated = (await bookingCall(app, fed.owner, 'POST', path(fed, '/calendar-feed/rotate'))).json() as { url: string };
    expect(rotated.url).not.toBe(url);
    expect((await app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: new URL(rotated.url).pathname })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/public/booking-calendars/nothing-here-at-all-000.ics' })).statusCode).toBe(404);
  });
});

describe('other trucks and strangers', () => {
  it('answers 404 for another vendor’s bookings, and to staff of another truck', async () => {
    const stranger = await bookingTruck(app, admin);
    const booking = await requestedBooking(app, truck, nextDay++);
    for (const user of [stranger.owner, stranger.staff]) {
      expect((await bookingCall(app, user, 'GET', path(truck, `/${booking.id}`))).statusCode).toBe(404);
      expect((await bookingCall(app, user, 'GET', path(truck, `/by-number/${booking.number}`))).statusCode).toBe(404);
      expect((await bookingCall(app, user, 'GET', path(truck))).statusCode).toBe(404);
      expect((await bookingCall(app, user, 'GET', path(truck, '/counts'))).statusCode).toBe(404);
      expect((await actOn(app, truck, booking, { action: 'decline', reason: 'mine now' }, user)).statusCode).toBe(404);
    }
    // Their own truck's path with this booking's id: still not found.
    expect((await bookingCall(app, stranger.owner, 'GET', path(stranger, `/${booking.id}`))).statusCode).toBe(404);
    expect((await getBooking(booking.id)).status).toBe('pending');
  });

  it('answers 401 without a token and 404 for an id that is not one', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/v1${path(truck)}` })).statusCode).toBe(401);
    expect((await bookingCall(app, truck.owner, 'GET', path(truck, '/not-a-uuid'))).statusCode).toBe(404);
  });
});
