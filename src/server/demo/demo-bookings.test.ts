/** The demo bookings: every status, confirmed ones next month on the calendar, one clash, consistent histories. */
import { BOOKING_STATUSES } from '@domain/bookings';
import { Temporal } from 'temporal-polyfill';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@testing/test-app';
import { seedDemoData } from './demo-data';
import { demoBookingRecords } from './demo-bookings';
import { DEMO_TRUCK_IDS } from './demo-trucks';
import { bookingHistory, bookings } from '../db/tables/bookings';

let test: TestApp;
const truckId = DEMO_TRUCK_IDS.approved;

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database.db, { info: () => {} }, test.config.uploadsDir);
});

describe('the demo bookings', () => {
  it('hold every status, numbered from 1, each with the history its status implies', async () => {
    const rows = await test.database.db.select().from(bookings).where(eq(bookings.truckId, truckId));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(BOOKING_STATUSES));
    expect(rows.map((row) => row.number).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
    const history = await test.database.db.select().from(bookingHistory).where(eq(bookingHistory.truckId, truckId));
    for (const row of rows) {
      const mine = history.filter((entry) => entry.bookingId === row.id).sort((a, b) => a.version - b.version);
      expect(mine.map((entry) => entry.version)).toEqual(Array.from({ length: row.version + 1 }, (_, i) => i));
      expect(mine.at(-1)!.status).toBe(row.status);
    }
  });

  it('has confirmed bookings next month, and a quote that clashes with one of them', async () => {
    const nextMonth = Temporal.Now.plainDateISO('Asia/Kuwait').toPlainYearMonth().add({ months: 1 }).toString();
    const confirmed = await test.database.db.select().from(bookings).where(and(eq(bookings.truckId, truckId), eq(bookings.status, 'confirmed')));
    expect(confirmed.filter((row) => row.eventDate.startsWith(nextMonth)).length).toBeGreaterThanOrEqual(3);
    const quoted = await test.database.db.select().from(bookings).where(and(eq(bookings.truckId, truckId), eq(bookings.status, 'quoted')));
    const clashes = quoted.filter((q) => confirmed.some((c) => c.windowStart < q.windowEnd && q.windowStart < c.windowEnd));
    expect(clashes).toHaveLength(1);
  });

  it('keeps exactly one clash, and three confirmed bookings next month, whatever day the demo is seeded on', () => {
    const first = Temporal.ZonedDateTime.from('2027-01-01T09:00[Asia/Kuwait]');
    const wrong: string[] = [];
    // Two years, a leap day included: the dates move with today, so a fixed date proves nothing.
    for (let day = 0; day < 731; day += 1) {
      const seeded = first.add({ days: day });
      const { rows } = demoBookingRecords(truckId, undefined, new Date(seeded.epochMilliseconds));
      const confirmed = rows.filter((row) => row.status === 'confirmed');
      const quoted = rows.filter((row) => row.status === 'quoted');
      const overlapping = (a: (typeof rows)[number], b: (typeof rows)[number]) => a.windowStart! < b.windowEnd! && b.windowStart! < a.windowEnd!;
      const clashes = quoted.filter((q) => confirmed.some((c) => overlapping(c, q)));
      const nextMonth = seeded.toPlainDate().toPlainYearMonth().add({ months: 1 }).toString();
      const confirmedNextMonth = confirmed.filter((row) => row.eventDate!.startsWith(nextMonth));
      if (clashes.length !== 1 || confirmedNextMonth.length < 3) wrong.push(`${seeded.toPlainDate().toString()}: ${clashes.length} clashes, ${confirmedNextMonth.length} next month`);
    }
    expect(wrong).toEqual([]);
  });
});
