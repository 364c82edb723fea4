/**
 * Phones and counts as an Arabic keyboard types them («+٩٦٥ ٥٥٥١ ٢٣٤٥», «٤٠», Eastern «۴۰»), with the
 * spaces and dashes people group them by, are read as the same numbers; what is still not a number
 * is refused naming its field.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '@testing/accounts';
import { bookingCall, bookingRequest, bookingTruck, requestBooking, type BookingTruck } from '@testing/bookings';
import { orderCall, orderingTestApp, pickupOrder, placeOrder, type OrderingTruck } from '@testing/orders';

let app: FastifyInstance;
let truck: OrderingTruck;
let booking: BookingTruck;

beforeAll(async () => {
  const created = await orderingTestApp();
  app = created.app;
  truck = created.truck;
  booking = await bookingTruck(app, created.admin);
});

describe('Arabic-Indic and Eastern digits', () => {
  it.each([
    ['Arabic-Indic, spaced', '+٩٦٥ ٥٥٥١ ٢٣٤٥'],
    ['Eastern, dashed', '+۹۶۵-۵۵۵۱-۲۳۴۵'],
    ['Arabic-Indic with a leading 00', '٠٠٩٦٥ ٥٥٥١٢٣٤٥'],
  ])('places an order with a phone in %s digits, stored as E.164', async (_name, phone) => {
    const res = await placeOrder(app, truck.slug, pickupOrder(truck, { customer: { name: 'فاطمة', phone } }), { 'accept-language': 'ar' });
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${res.json().id}`);
    expect(order.json().customer.phone).toBe('+96555512345');
  });

  it('reads a line quantity typed in Arabic-Indic digits', async () => {
    const body = pickupOrder(truck, { lines: [{ itemId: truck.fries.id, qty: '٢' }] } as never);
    const res = await placeOrder(app, truck.slug, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${res.json().id}`);
    expect(order.json().lines[0].qty).toBe(2);
  });

  it('refuses a phone with letters naming the phone field, in Arabic', async () => {
    const res = await placeOrder(app, truck.slug, pickupOrder(truck, { customer: { name: 'فاطمة', phone: '12ab' } }), { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'customer.phone', code: 'invalid_phone', message: expect.stringMatching(/[\u0600-\u06ff]/) })]);
  });

  it('takes a booking of «٤٠» guests and «۶۰» minutes of setup', async () => {
    const res = await requestBooking(app, booking.slug, bookingRequest(30, { guestCount: '٤٠', setupMinutes: '۶۰', customer: { name: 'نورة', phone: '+٩٦٥ ٥٥٥١ ٢٣٤٥', email: 'noura@example.com' } } as never));
    expect(res.statusCode, res.body).toBe(201);
    const got = await bookingCall(app, booking.owner, 'GET', `/trucks/${booking.truck.id}/bookings/${res.json().id}`);
    expect(got.json()).toMatchObject({ guestCount: 40, setupMinutes: 60, customer: { phone: '+96555512345' } });
  });

  it('refuses a guest count that is not a whole number, naming it', async () => {
    const res = await requestBooking(app, booking.slug, bookingRequest(30, { guestCount: '٤٠ضيف' } as never));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'guestCount' })]);
  });

  it('saves a profile phone typed in Arabic-Indic digits', async () => {
    const user = await signUp(app);
    const res = await app.inject({ method: 'PATCH', url: '/api/v1/me', headers: bearer(user.token), payload: { phone: '+٩٦٥ ٥٠٠٠-١٢٣٤' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone).toBe('+96550001234');
  });
});
