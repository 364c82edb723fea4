/**
 * The public "open now?" answer kept per stretch of time: worked out once, answered from memory
 * until the hours say it changes (checked here with a clock of our own), and dropped at once when
 * the facts change (the pause and edits in another process: features/hours/hours.test.ts).
 */
import type { Truck } from '@domain/trucks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, call, kuwaitDate } from '@testing/trucks';
import { truckDocuments, trucks } from '../db/tables/trucks';
import { createPublicAvailability } from './public-availability';

const KUWAIT = 'Asia/Kuwait'; // UTC+3 all year.
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

/** An approved truck open 11:00–15:00 every day, and the instant `time` on the Kuwaiti date `days` from today. */
async function lunchTruck(): Promise<{ owner: SignedUp; truck: Truck; at: (days: number, time: string) => Date }> {
  const owner = await signUp(app);
  const truck = await approvedTruck(app, owner, admin);
  const days = Object.fromEntries(EVERY_DAY.map((day) => [day, [{ opens: '11:00', closes: '15:00' }]]));
  expect((await call(app, owner, 'PUT', `/trucks/${truck.id}/hours`, { timeZone: KUWAIT, days, version: 0 })).statusCode).toBe(200);
  const at = (offset: number, time: string) =>
    new Date(Temporal.PlainDate.from(kuwaitDate(offset)).toZonedDateTime({ timeZone: KUWAIT, plainTime: time }).epochMilliseconds);
  return { owner, truck, at };
}

const before = (instant: Date) => new Date(instant.getTime() - 1);

describe('the public availability answer over time', () => {
  it('is worked out once per stretch and flips exactly when a shift opens and closes', async () => {
    const { truck, at } = await lunchTruck();
    const availability = createPublicAvailability(app);
    const opening = at(1, '11:00');
    const closing = at(1, '15:00');

    const early = await availability.at(truck.slug!, at(1, '09:00'));
    expect(early!.answer().status).toEqual({ open: false, reason: 'closed', opensAt: opening.toISOString() });
    // The same stretch: the very answer kept, nothing worked out again.
    const lastClosed = await availability.at(truck.slug!, before(opening));
    expect(lastClosed!.span).toBe(early!.span);

    const opened = await availability.at(truck.slug!, opening);
    expect(opened!.answer().status).toEqual({ open: true, until: closing.toISOString() });
    expect((await availability.at(truck.slug!, before(closing)))!.span).toBe(opened!.span);
    expect((await availability.at(truck.slug!, closing))!.answer().status).toEqual({ open: false, reason: 'closed', opensAt: at(2, '11:00').toISOString() });
  });

  it('ends a pause exactly when it runs out, and takes a new pause at once', async () => {
    const { truck, at } = await lunchTruck();
    const availability = createPublicAvailability(app);
    const noon = at(1, '12:00');
    const resumes = at(1, '12:20');
    expect((await availability.at(truck.slug!, noon))!.answer().status.open).toBe(true);

    // As the pause button does it (or psql): the kept facts go with the row's notification.
    await app.database.db.update(trucks).set({ pausedUntil: resumes }).where(eq(trucks.id, truck.id));
    await app.readCache.settle();
    expect((await availability.at(truck.slug!, noon))!.answer().status).toEqual({ open: false, reason: 'paused', opensAt: resumes.toISOString() });
    expect((await availability.at(truck.slug!, before(resumes)))!.answer().status.open).toBe(false);
    expect((await availability.at(truck.slug!, resumes))!.answer().status).toEqual({ open: true, until: at(1, '15:00').toISOString() });
  });

  it('stops trading at the local midnight after a required document expires', async () => {
    const { truck, at } = await lunchTruck();
    const availability = createPublicAvailability(app);
    await app.database.db.update(truckDocuments).set({ expiryDate: kuwaitDate(1) }).where(eq(truckDocuments.truckId, truck.id));
    await app.readCache.settle();
    const midnight = at(2, '00:00');
    const lastEvening = await availability.at(truck.slug!, before(midnight));
    expect(lastEvening!.blocks).toEqual([]);
    expect(lastEvening!.span.until).toBe(midnight.getTime());
    const nextDay = await availability.at(truck.slug!, midnight);
    expect(nextDay!.answer().status).toEqual({ open: false, reason: 'not_trading', opensAt: null });
    expect(nextDay!.blocks.map((block) => block.code)).toEqual(['document_expired', 'document_expired']);
  });

  it('answers nothing for a slug no truck has', async () => {
    expect(await createPublicAvailability(app).at('no-such-truck')).toBeUndefined();
  });
});
