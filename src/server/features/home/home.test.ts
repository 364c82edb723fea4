/**
 * /home's summaries through the real app and a real database: the figures of orders placed in the
 * test (through the intake, and written at chosen local instants for the day boundaries and last
 * week's comparison), what each role sees (owner, staff without revenue, admin, strangers), open
 * now and the pause, papers, and the admin's queue, statuses and expiring documents.
 */
import type { AdminHome, TruckHome } from '@domain/home';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '../../../testing/accounts';
import { quoted, requestedBooking } from '../../../testing/bookings';
import { orderCall, orderingTestApp, orderingTruck, placedOrderId, type OrderingTruck } from '../../../testing/orders';
import { call, kuwaitDate, submittedTruck } from '../../../testing/trucks';
import { orderLines, orders } from '../../db/tables/orders';
import { truckDocuments, trucks } from '../../db/tables/trucks';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;

beforeAll(async () => {
  ({ app, admin, truck } = await orderingTestApp());
});

async function home(user: SignedUp, of: OrderingTruck = truck): Promise<TruckHome> {
  const res = await orderCall(app, user, 'GET', `/trucks/${of.truck.id}/home`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TruckHome;
}

let nextNumber = 500;

/** An order written straight to the table at a chosen instant, as the intake would have stored it. */
async function orderAt(of: OrderingTruck, at: Temporal.ZonedDateTime, lines: { item: OrderingTruck['wrap']; qty: number }[], status: 'completed' | 'cancelled' = 'completed') {
  const id = randomUUID();
  const createdAt = new Date(at.epochMilliseconds);
  const subtotal = lines.reduce((sum, line) => sum + line.item.priceMinor * line.qty, 0);
  await app.database.db.transaction(async (tx) => {
    await tx.insert(orders).values({
      truckId: of.truck.id, id, businessDate: at.toPlainDate().toString(), number: nextNumber++, status, type: 'pickup', source: 'online',
      customerName: 'Test', customerPhone: '+96555512345', itemCount: lines.reduce((sum, line) => sum + line.qty, 0),
      subtotal, deliveryFee: 0, total: subtotal, currency: 'KWD', paymentMethod: 'cash', acceptBy: createdAt, createdAt, updatedAt: createdAt,
    });
    await tx.insert(orderLines).values(
      lines.map((line, lineNo) => ({
        truckId: of.truck.id, orderId: id, lineNo, itemId: line.item.id, nameEn: line.item.nameEn, nameAr: line.item.nameAr,
        unitPrice: line.item.priceMinor, qty: line.qty, options: [], total: line.item.priceMinor * line.qty,
      })),
    );
  });
  await app.readCache.settle();
  return id;
}

describe("a truck's home", () => {
  it("counts today's earned sales, pending orders, hours and top items from orders placed through the intake; pending and rejected orders are not earned", async () => {
    // Each: a wrap on saj with garlic (1.300) and two fries (2 × 0.750): 2.800.
    const kept = [await placedOrderId(app, truck), await placedOrderId(app, truck)];
    const rejected = await placedOrderId(app, truck);
    const before = await home(truck.owner);
    expect(before.todayFigures).toEqual({ orders: 0, revenue: 0, averageTicket: 0, tips: 0 });
    expect(before.pending.orders).toBe(3);

    const act = async (id: string, action: Record<string, unknown>) => {
      const { version } = (await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${id}`)).json() as { version: number };
      const res = await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { ...action, version });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const id of kept) await act(id, { action: 'accept', prepMinutes: 10 });
    await act(rejected, { action: 'reject', reason: 'Out of bread' });

    const summary = await home(truck.owner);
    expect(kept).toHaveLength(2);
    expect(summary.relation).toBe('owner');
    expect(summary.revenueVisible).toBe(true);
    expect(summary.todayFigures).toEqual({ orders: 2, revenue: 5_600, averageTicket: 2_800, tips: 0 });
    expect(summary.pending.orders).toBe(0);
    const hour = Temporal.Now.zonedDateTimeISO('Asia/Kuwait').hour;
    expect(summary.hourly).toHaveLength(24);
    expect(summary.hourly[hour]).toEqual({ hour, orders: 2, revenue: 5_600 });
    expect(summary.hourly.reduce((sum, entry) => sum + entry.orders, 0)).toBe(2);
    expect(summary.daily).toHaveLength(14);
    expect(summary.daily.at(-1)).toEqual({ date: kuwaitDate(0), orders: 2, revenue: 5_600 });
    expect(summary.daily[0]!.date).toBe(kuwaitDate(-13));
    // Fries: 4 sold for 3.000; the wrap: 2 for 2.600 (line totals, options included).
    expect(summary.topItems.byQuantity.map((item) => [item.nameEn, item.quantity, item.revenue])).toEqual([
      ['Fries', 4, 3_000],
      ['Chicken shawarma', 2, 2_600],
    ]);
    expect(summary.topItems.byRevenue.map((item) => item.nameEn)).toEqual(['Fries', 'Chicken shawarma']);
    expect(summary.open.open).toBe(true);
    expect(summary.taking).toEqual({ now: true, reasons: [] });
    expect(summary.lastWeekFigures).toEqual({ orders: 0, revenue: 0, averageTicket: 0, tips: 0 });
  });

  it('shows staff the orders and items but no revenue; admins read it; anyone else gets the 404', async () => {
    const staff = await home(truck.staff);
    expect(staff.relation).toBe('staff');
    expect(staff.revenueVisible).toBe(false);
    expect(staff.todayFigures.orders).toBeGreaterThan(0);
    expect(staff.todayFigures.revenue).toBeNull();
    expect(staff.todayFigures.averageTicket).toBeNull();
    expect(staff.todayFigures.tips).toBeNull();
    expect(staff.hourly.every((entry) => entry.revenue === null)).toBe(true);
    expect(staff.daily.every((entry) => entry.revenue === null)).toBe(true);
    expect(staff.topItems.byQuantity.every((item) => item.revenue === null)).toBe(true);
    expect(staff.topItems.byRevenue).toEqual([]);
    expect(JSON.stringify(staff)).not.toContain('5600');

    expect((await home(admin)).relation).toBe('admin');
    const stranger = await signUp(app);
    const res = await orderCall(app, stranger, 'GET', `/trucks/${truck.truck.id}/home`);
    expect(res.statusCode).toBe(404);
    expect((await orderCall(app, stranger, 'GET', `/trucks/not-a-uuid/home`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.truck.id}/home` })).statusCode).toBe(401);
  });

  it('counts pending booking requests, and drops one once quoted', async () => {
    const booking = await requestedBooking(app, { ...truck, truck: truck.truck });
    await requestedBooking(app, { ...truck, truck: truck.truck }, 40);
    expect((await home(truck.owner)).pending.bookings).toBe(2);
    await quoted(app, { ...truck, truck: truck.truck }, booking);
    expect((await home(truck.staff)).pending.bookings).toBe(1);
  });

  it('tells a pause and its end, and resuming takes orders again', async () => {
    const paused = await call(app, truck.owner, 'PUT', `/trucks/${truck.truck.id}/hours/pause`, { kind: 'minutes', minutes: 30 });
    expect(paused.statusCode, paused.body).toBe(200);
    const summary = await home(truck.owner);
    expect(summary.open).toMatchObject({ open: false, reason: 'paused' });
    expect(summary.taking).toEqual({ now: false, reasons: ['paused'] });
    const minutes = (Date.parse(summary.pausedUntil!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);

    expect((await call(app, truck.owner, 'DELETE', `/trucks/${truck.truck.id}/hours/pause`)).statusCode).toBe(200);
    const resumed = await home(truck.owner);
    expect(resumed.pausedUntil).toBeNull();
    expect(resumed.taking.now).toBe(true);
  });

  it('warns of papers within 30 days and stops trading once a required one has expired', async () => {
    const other = await orderingTruck(app, admin);
    const expire = async (type: 'insurance' | 'health_permit', days: number) => {
      await app.database.db.update(truckDocuments).set({ expiryDate: kuwaitDate(days) }).where(and(eq(truckDocuments.truckId, other.truck.id), eq(truckDocuments.type, type)));
      // As another process would, wait for the change to reach the read cache the summary is kept in.
      await app.readCache.settle();
    };
    await expire('health_permit', 12);
    const warned = await home(other.owner, other);
    expect(warned.alerts).toEqual([{ type: 'health_permit', state: 'expiring', expiryDate: kuwaitDate(12), daysLeft: 12 }]);
    expect(warned.taking.now).toBe(true);

    // Within the same minute: the kept summary gives way to the document's change.
    await expire('health_permit', -1);
    const blocked = await home(other.owner, other);
    expect(blocked.alerts).toEqual([{ type: 'health_permit', state: 'expired', expiryDate: kuwaitDate(-1), daysLeft: -1 }]);
    expect(blocked.taking).toEqual({ now: false, reasons: ['document_expired'] });
  });

  it("puts an order at 23:59 and one at 00:01 local on different days, in the truck's own time zone, and compares with last week by the same time", async () => {
    const other = await orderingTruck(app, admin);
    // A zone where it is not close to midnight now, so "today" holds still during the test.
    const zones = ['Asia/Kuwait', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Europe/London', 'America/New_York'];
    const timeZone = zones.find((zone) => {
      const hour = Temporal.Now.zonedDateTimeISO(zone).hour;
      return hour >= 2 && hour <= 21;
    })!;
    await app.database.db.update(trucks).set({ timeZone }).where(eq(trucks.id, other.truck.id));
    await app.readCache.settle();

    const now = Temporal.Now.zonedDateTimeISO(timeZone);
    const today = now.toPlainDate();
    await orderAt(other, today.subtract({ days: 1 }).toZonedDateTime({ timeZone, plainTime: '23:59' }), [{ item: other.wrap, qty: 1 }]);
    await orderAt(other, today.toZonedDateTime({ timeZone, plainTime: '00:01' }), [{ item: other.fries, qty: 3 }]);
    // Last week: two hours earlier and two minutes earlier count (by this time), two minutes later does not; a cancelled one never.
    const lastWeek = now.subtract({ days: 7 });
    await orderAt(other, lastWeek.subtract({ hours: 2 }), [{ item: other.fries, qty: 1 }]);
    await orderAt(other, lastWeek.subtract({ minutes: 2 }), [{ item: other.wrap, qty: 2 }]);
    await orderAt(other, lastWeek.add({ minutes: 2 }), [{ item: other.wrap, qty: 5 }]);
    await orderAt(other, lastWeek.subtract({ hours: 1 }), [{ item: other.wrap, qty: 5 }], 'cancelled');

    const summary = await home(other.owner, other);
    expect(summary.timeZone).toBe(timeZone);
    expect(summary.today).toBe(today.toString());
    expect(summary.todayFigures).toEqual({ orders: 1, revenue: 2_250, averageTicket: 2_250, tips: 0 });
    expect(summary.hourly[0]).toEqual({ hour: 0, orders: 1, revenue: 2_250 });
    expect(summary.daily.at(-1)).toEqual({ date: today.toString(), orders: 1, revenue: 2_250 });
    expect(summary.daily.at(-2)).toEqual({ date: today.subtract({ days: 1 }).toString(), orders: 1, revenue: 1_250 });
    expect(summary.daily.at(-8)!.date).toBe(lastWeek.toPlainDate().toString());
    expect(summary.daily.at(-8)!.orders).toBe(3);
    expect(summary.lastWeekFigures).toEqual({ orders: 2, revenue: 750 + 2_500, averageTicket: 1_625, tips: 0 });
    // Seven days of items: today's fries and yesterday's wrap; last week's are outside.
    expect(summary.topItems.byQuantity.map((item) => [item.nameEn, item.quantity])).toEqual([
      ['Fries', 3],
      ['Chicken shawarma', 1],
    ]);
  });
});

describe("an applicant's home", () => {
  it('answers the application status and the reviewer notes for a truck still in review', async () => {
    const applicant = await signUp(app);
    const submitted = await submittedTruck(app, applicant);
    const decision = await call(app, admin, 'POST', `/trucks/${submitted.id}/review`, { action: 'request_changes', reason: 'The health permit photo is blurred' });
    expect(decision.statusCode, decision.body).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/v1/trucks/${submitted.id}/home`, headers: bearer(applicant.token) });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json() as TruckHome;
    expect(summary.application).toMatchObject({ status: 'changes_requested', reviewNotes: 'The health permit photo is blurred' });
    expect(summary.taking.reasons).toContain('truck_not_approved');
    expect(summary.todayFigures.orders).toBe(0);
  });
});

describe("the admin's home", () => {
  it('lists applications waiting oldest first with their age, trucks by status and documents expiring within 30 days', async () => {
    const first = await submittedTruck(app, await signUp(app));
    const second = await submittedTruck(app, await signUp(app));
    await app.database.db.update(trucks).set({ submittedAt: new Date(Date.now() - 50 * 3_600_000) }).where(eq(trucks.id, first.id));
    await app.database.db.update(truckDocuments).set({ expiryDate: kuwaitDate(5) }).where(and(eq(truckDocuments.truckId, truck.truck.id), eq(truckDocuments.type, 'commercial_registration')));
    await app.readCache.settle();

    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/home', headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json() as AdminHome;
    const ids = summary.waiting.items.map((item) => item.truckId);
    expect(ids.indexOf(first.id)).toBe(0);
    expect(ids).toContain(second.id);
    expect(summary.waiting.items[0]!.ageHours).toBe(50);
    expect(summary.waiting.total).toBe(summary.trucksByStatus.submitted);
    expect(summary.trucksByStatus.approved).toBeGreaterThanOrEqual(3);
    expect(summary.expiring).toContainEqual({ truckId: truck.truck.id, nameEn: truck.truck.basics.nameEn, nameAr: truck.truck.basics.nameAr, type: 'commercial_registration', expiryDate: kuwaitDate(5), daysLeft: 5 });
    const days = summary.expiring.map((item) => item.daysLeft);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days.every((left) => left <= 30)).toBe(true);

    for (const user of [truck.owner, truck.staff]) {
      const refused = await app.inject({ method: 'GET', url: '/api/v1/admin/home', headers: bearer(user.token) });
      expect(refused.statusCode).toBe(403);
    }
  });
});
