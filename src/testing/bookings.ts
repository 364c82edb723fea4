/**
 * A truck ready to take bookings, for API tests: approved with valid documents, a staff member, and
 * helpers to ask for, act on and read bookings. Amounts are KWD minor units (fils).
 */
import type { Booking, CreateBookingInput } from '@domain/bookings/contracts';
import type { Truck } from '@domain/trucks';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../server/db/schema';
import { truckMembers } from '../server/db/tables/trucks';
import { anyIp, bearer, signUp, type SignedUp } from './accounts';
import { approvedTruck, kuwaitDate } from './trucks';

export interface BookingTruck {
  owner: SignedUp;
  staff: SignedUp;
  truck: Truck;
  slug: string;
}

export async function bookingTruck(app: FastifyInstance, admin: SignedUp): Promise<BookingTruck> {
  const owner = await signUp(app);
  const truck = await approvedTruck(app, owner, admin);
  const staff = await signUp(app);
  await app.database.db.insert(truckMembers).values({ truckId: truck.id, userId: staff.user.id });
  await app.readCache.settle();
  return { owner, staff, truck, slug: truck.slug! };
}

/** A wedding in Kuwait `days` from today, 18:00–22:00 with an hour of setup, unless overridden. */
export function bookingRequest(days = 30, overrides: Partial<CreateBookingInput> = {}): CreateBookingInput {
  return {
    customer: { name: 'Noura Al-Sabah', phone: '+96555512345', email: 'noura@example.com' },
    eventType: 'Wedding',
    serviceModel: 'catering',
    eventDate: kuwaitDate(days),
    startTime: '18:00',
    endTime: '22:00',
    setupMinutes: 60,
    location: { address: 'Bayan Palace Hall', lat: 29.3, lng: 48.03 },
    guestCount: 150,
    menuNotes: 'Shawarma and falafel stations',
    budgetMinor: 500_000,
    ...overrides,
  };
}

export function requestBooking(app: FastifyInstance, slug: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/v1/public/trucks/${slug}/bookings`, remoteAddress: anyIp(), headers, payload: body as object });
}

export function bookingCall(app: FastifyInstance, user: SignedUp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A new pending booking, through the public request; answers the whole booking as the vendor sees it. */
export async function requestedBooking(app: FastifyInstance, truck: BookingTruck, days = 30, overrides: Partial<CreateBookingInput> = {}): Promise<Booking> {
  const res = await requestBooking(app, truck.slug, bookingRequest(days, overrides));
  if (res.statusCode !== 201) throw new Error(`booking request failed: ${res.statusCode} ${res.body}`);
  const got = await bookingCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/bookings/${(res.json() as { id: string }).id}`);
  return got.json() as Booking;
}

export const validUntil = (hours = 48) => new Date(Date.now() + hours * 3_600_000).toISOString();

export async function actOn(app: FastifyInstance, truck: BookingTruck, booking: Pick<Booking, 'id' | 'version'>, action: Record<string, unknown>, user: SignedUp = truck.owner) {
  return bookingCall(app, user, 'POST', `/trucks/${truck.truck.id}/bookings/${booking.id}/actions`, { ...action, version: booking.version });
}

/** Quotes a pending booking and answers the booking after it. */
export async function quoted(app: FastifyInstance, truck: BookingTruck, booking: Booking, amountMinor = 400_000): Promise<Booking> {
  const res = await actOn(app, truck, booking, { action: 'quote', quote: { amountMinor, depositMinor: 100_000, message: 'Includes two stations', validUntil: validUntil() } });
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json() as Booking;
}

/** The mails sent to an address, newest last. */
export async function mailsTo(app: FastifyInstance, recipient: string) {
  const rows = await app.database.db.select().from(mailOutbox);
  return rows.filter((row) => row.recipient === recipient).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
