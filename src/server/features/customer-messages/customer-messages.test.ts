/**
 * Telling the customer, through the real app and database, with the providers played by local
 * stand-in HTTP servers that check what they receive: Twilio (Basic auth, form-encoded, SMS and
 * WhatsApp) and Unifonic. A change of the order is sent once, in the order's language with its link,
 * even with two app processes sending at once; a failure is retried; a number that answered STOP
 * (a signed Twilio webhook) is never sent to again; the choice is checked.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OrderReceipt } from '@domain/orders/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../testing/accounts';
import { orderCall, orderingTruck, pickupOrder, placeOrder, type OrderingTruck } from '../../../testing/orders';
import { anotherInstance, createTestApp } from '../../../testing/test-app';
import { customerMessages } from '../../db/tables/customer-messages';
import type { Config } from '../../env';
import { unifonicMessenger } from '../../platform/messaging';
import { twilioSignature } from './customer-messages.routes';

interface Received {
  path: string;
  auth: string | undefined;
  type: string | undefined;
  form: Record<string, string>;
}

/** A provider stand-in: records each request; answers with what `reply` says (default: Twilio's 201). */
async function standIn(reply: (count: number) => { status: number; body: unknown }) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', auth: request.headers.authorization, type: request.headers['content-type'], form: Object.fromEntries(new URLSearchParams(data)) });
      const answer = reply(received.length);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const TWILIO_OK = (count: number) => ({ status: 201, body: { sid: `SM${count}`, status: 'queued' } });
let failNext = 0;
let twilio: Awaited<ReturnType<typeof standIn>>;
let app: FastifyInstance;
let truck: OrderingTruck;
const SID = 'AC0123456789abcdef';
const TOKEN = 'twilio-auth-token';
const PUBLIC_URL = 'https://truckdesk.example';

beforeAll(async () => {
  twilio = await standIn((count) => (failNext-- > 0 ? { status: 503, body: { message: 'busy' } } : TWILIO_OK(count)));
  const messages: Config['messages'] = { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: '+15005550006', whatsappFrom: '+14155238886', apiUrl: twilio.url };
  ({ app } = await createTestApp({ config: { publicUrl: PUBLIC_URL, messages } }));
  const admin = await signUp(app, { roles: ['Admin'] });
  truck = await orderingTruck(app, admin);
});

afterAll(async () => {
  await twilio.close();
});

async function placed(phone: string): Promise<OrderReceipt & { id: string }> {
  const res = await placeOrder(app, truck.slug, pickupOrder(truck, { customer: { name: 'Sara', phone } }));
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as OrderReceipt & { id: string };
}

const notify = (publicId: string, body: unknown, slug = truck.slug) => app.inject({ method: 'PUT', url: `/api/v1/public/trucks/${slug}/orders/${publicId}/notify`, payload: body as object });
const act = async (id: string, body: Record<string, unknown>) => {
  const current = (await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${id}`)).json() as { version: number };
  const res = await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${id}/actions`, { ...body, version: current.version });
  expect(res.statusCode, res.body).toBe(200);
};
const messagesOf = (orderId: string) => app.database.db.select().from(customerMessages).where(and(eq(customerMessages.truckId, truck.truck.id), eq(customerMessages.orderId, orderId)));

describe('telling the customer', () => {
  it('sends accepted and ready by SMS once each, in Arabic with the link, even with two processes sending at once', async () => {
    const order = await placed('+96555500001');
    expect((await notify(order.publicId, { channel: 'sms', phone: '+96555500001', lang: 'ar' })).statusCode).toBe(204);
    await act(order.id, { action: 'accept', prepMinutes: 15 });
    const other = await anotherInstance(app);
    const before = twilio.received.length;
    await Promise.all([app.jobs.runNow('customer-messages'), other.jobs.runNow('customer-messages'), app.jobs.runNow('customer-messages')]);
    const sent = twilio.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sent[0]!.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(sent[0]!.type).toBe('application/x-www-form-urlencoded');
    expect(sent[0]!.form).toMatchObject({ To: '+96555500001', From: '+15005550006' });
    expect(sent[0]!.form.Body).toContain('قُبل طلبك');
    expect(sent[0]!.form.Body).toContain(`${PUBLIC_URL}/t/${truck.slug}/orders/${order.publicId}`);
    expect(sent[0]!.form.Body).toContain('إيقاف');

    await act(order.id, { action: 'start_preparing' });
    await act(order.id, { action: 'mark_ready' });
    await other.jobs.runNow('customer-messages');
    await app.jobs.runNow('customer-messages');
    const rows = await messagesOf(order.id);
    // Accept and ready are told; starting to prepare is not.
    expect(rows.map((row) => [row.kind, row.state]).sort()).toEqual([
      ['accepted', 'sent'],
      ['ready', 'sent'],
    ]);
    expect(twilio.received.slice(before)).toHaveLength(2);
    expect(twilio.received.at(-1)!.form.Body).toContain('جاهز');
  });

  it('sends by WhatsApp in English, with the rejection reason', async () => {
    const order = await placed('+96555500002');
    await notify(order.publicId, { channel: 'whatsapp', phone: '+96555500002', lang: 'en' });
    await act(order.id, { action: 'reject', reason: 'Out of bread tonight.' });
    await app.jobs.runNow('customer-messages');
    const last = twilio.received.at(-1)!;
    expect(last.form).toMatchObject({ To: 'whatsapp:+96555500002', From: 'whatsapp:+14155238886' });
    expect(last.form.Body).toContain('could not take order');
    expect(last.form.Body).toContain('Out of bread tonight.');
  });

  it('retries a message the provider failed to take', async () => {
    const order = await placed('+96555500003');
    await notify(order.publicId, { channel: 'sms', phone: '+96555500003', lang: 'en' });
    await act(order.id, { action: 'accept', prepMinutes: 10 });
    failNext = 1;
    await app.jobs.runNow('customer-messages');
    let [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.lastError).toContain('503');
    // Due again: the wait is over.
    await app.database.db.update(customerMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(customerMessages.orderId, order.id));
    await app.jobs.runNow('customer-messages');
    [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('never sends to a number that answered STOP (إيقاف) through the signed webhook, and again after START', async () => {
    const url = '/api/v1/public/messages/inbound/twilio';
    const form = { From: '+96555500004', Body: 'إيقاف', To: '+15005550006' };
    const unsigned = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'nope' }, payload: new URLSearchParams(form).toString() });
    expect(unsigned.statusCode).toBe(403);
    const signed = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}${url}`, form) },
      payload: new URLSearchParams(form).toString(),
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toContain('<Response>');

    const order = await placed('+96555500004');
    await notify(order.publicId, { channel: 'sms', phone: '+96555500004', lang: 'ar' });
    await act(order.id, { action: 'accept', prepMinutes: 10 });
    const before = twilio.received.length;
    await app.jobs.runNow('customer-messages');
    expect(twilio.received.length).toBe(before);
    expect((await messagesOf(order.id))[0]).toMatchObject({ state: 'skipped', lastError: 'opted out' });

    const start = { From: '+96555500004', Body: 'START' };
    await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, `${PUBLIC_URL}${url}`, start) }, payload: new URLSearchParams(start).toString() });
    await act(order.id, { action: 'start_preparing' });
    await act(order.id, { action: 'mark_ready' });
    await app.jobs.runNow('customer-messages');
    expect(twilio.received.length).toBe(before + 1);
  });

  it('tells nothing when the customer chose the order page alone, and checks the choice', async () => {
    const order = await placed('+96555500005');
    expect((await notify(order.publicId, { channel: 'page', lang: 'en' })).statusCode).toBe(204);
    await act(order.id, { action: 'accept', prepMinutes: 10 });
    expect(await messagesOf(order.id)).toEqual([]);
    const missingPhone = await notify(order.publicId, { channel: 'sms', lang: 'en' });
    expect(missingPhone.statusCode).toBe(400);
    expect(missingPhone.json()).toMatchObject({ error: { code: 'validation_failed', fields: [{ path: 'phone' }] } });
    expect((await notify('0'.repeat(32), { channel: 'page', lang: 'en' })).statusCode).toBe(404);
    expect((await notify(order.publicId, { channel: 'page', lang: 'en' }, 'no-such-truck')).statusCode).toBe(404);
  });
});

describe('the Unifonic adapter', () => {
  it('posts form-encoded AppSid, SenderID, the number without its + and the body, and reads the message id', async () => {
    const unifonic = await standIn(() => ({ status: 200, body: { success: true, message: '', errorCode: 'ER-00', data: { MessageID: 4242, Status: 'Queued' } } }));
    try {
      const messenger = unifonicMessenger({ provider: 'unifonic', appSid: 'app-sid', senderId: 'SajStation', apiUrl: unifonic.url });
      expect(await messenger.send({ channel: 'sms', to: '+96555500006', body: 'طلبك جاهز' })).toEqual({ id: '4242' });
      expect(unifonic.received[0]).toMatchObject({ path: '/rest/SMS/messages', type: 'application/x-www-form-urlencoded', form: { AppSid: 'app-sid', SenderID: 'SajStation', Recipient: '96555500006', Body: 'طلبك جاهز' } });
    } finally {
      await unifonic.close();
    }
    const refusing = await standIn(() => ({ status: 200, body: { success: false, message: 'Invalid AppSid', errorCode: 'ER-01' } }));
    try {
      const messenger = unifonicMessenger({ provider: 'unifonic', appSid: 'bad', senderId: 'SajStation', apiUrl: refusing.url });
      await expect(messenger.send({ channel: 'sms', to: '+96555500006', body: 'x' })).rejects.toThrow(/ER-01/);
    } finally {
      await refusing.close();
    }
  });
});
