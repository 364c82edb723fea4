/**
 * The truck's team through the real app and database: invitations mailed to the outbox, links that
 * explain themselves, joining as staff (on several trucks, beside a truck of one's own), limits, and
 * removal that counts on the very next request on another app instance, closing the event stream.
 */
import type { Me } from '@domain/accounts';
import type { TruckHome } from '@domain/home';
import type { Order } from '@domain/orders/contracts';
import { INVITE_LIMITS, type Invitation, type InvitationPreview, type Team, type TeamSettings } from '@domain/team';
import type { TruckSummary } from '@domain/trucks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, signUp, uniqueEmail, type SignedUp } from '@testing/accounts';
import { orderCall, orderingTruck, pickupOrder, placedOrderId, type OrderingTruck } from '@testing/orders';
import { openEventStream } from '@testing/sse';
import { accept, addStaff, invitationToken, invite, removeStaff, teamCall } from '@testing/team';
import { anotherInstance, createTestApp } from '@testing/test-app';
import { approvedTruck, createDraft } from '@testing/trucks';
import { mailOutbox, users } from '../../db/schema';
import { truckInvitations } from '../../db/tables/team';

let app: FastifyInstance;
let admin: SignedUp;
let shop: OrderingTruck;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
  shop = await orderingTruck(app, admin);
}, 60_000);

const teamOf = async (owner: SignedUp, truckId: string) => {
  const res = await teamCall(app, owner, 'GET', `/trucks/${truckId}/team`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Team;
};
const preview = async (token: string) => {
  const res = await teamCall(app, null, 'POST', '/invitations/preview', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvitationPreview;
};
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;
const myTrucks = async (user: SignedUp, on = app) => (await on.inject({ method: 'GET', url: '/api/v1/trucks', headers: bearer(user.token) })).json() as TruckSummary[];
const me = async (user: SignedUp) => (await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json() as Me;

describe('inviting', () => {
  it('mails a link, lists the invitation, and lets the invitee sign up and join as staff', async () => {
    const email = uniqueEmail('cashier');
    const made = await teamCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/team/invitations`, { email: email.toUpperCase(), name: 'Noura' });
    expect(made.statusCode, made.body).toBe(201);
    const invitation = made.json() as Invitation;
    expect(invitation).toMatchObject({ email, name: 'Noura', state: 'pending' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(7 * 24 * 3600 * 1000);

    const [mail] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mail!.subject).toContain('Falafel Express');
    expect(mail!.text).toContain('Noura');
    expect(mail!.text).toMatch(/فلافل إكسبرس/);
    expect((await teamOf(shop.owner, shop.truck.id)).invitations.map((i) => i.email)).toContain(email);

    const token = await invitationToken(app, email);
    expect(await preview(token)).toMatchObject({ state: 'pending', email, name: 'Noura', truck: { nameEn: 'Falafel Express' }, accountExists: false });

    const cashier = await signUp(app, { email });
    const joined = await accept(app, cashier, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ truckId: shop.truck.id });

    const team = await teamOf(shop.owner, shop.truck.id);
    expect(team.invitations.map((i) => i.email)).not.toContain(email);
    expect(team.members.map((m) => [m.email, m.role])).toEqual(expect.arrayContaining([[shop.owner.email, 'owner'], [email, 'staff']]));
    expect(team.members[0]!.role).toBe('owner');
    expect(await myTrucks(cashier)).toEqual([expect.objectContaining({ id: shop.truck.id, relation: 'staff' })]);
    const access = (await me(cashier)).accessList.filter((entry) => entry.truckId === shop.truck.id);
    expect(access.map((entry) => [entry.screen, entry.role])).toEqual([['/menu', 'staff'], ['/orders', 'staff'], ['/booking-details', 'staff']]);
    expect((await me(cashier)).user.roles).toContain('Staff');

    // Single use.
    expect((await preview(token)).state).toBe('accepted');
    const again = await accept(app, cashier, token);
    expect([again.statusCode, errorOf(again)]).toEqual([410, 'invitation_used']);
  });

  it('refuses, clearly, an address already on the team and a second invitation to the same address', async () => {
    const owner = await teamCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/team/invitations`, { email: shop.owner.email });
    expect([owner.statusCode, errorOf(owner)]).toEqual([409, 'already_member']);
    const staff = await teamCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/team/invitations`, { email: shop.staff.email });
    expect([staff.statusCode, errorOf(staff)]).toEqual([409, 'already_member']);
    expect(staff.json().error.message).toContain(shop.staff.email);
    const arabic = await app.inject({
      method: 'POST',
      url: `/api/v1/trucks/${shop.truck.id}/team/invitations`,
      headers: { ...bearer(shop.owner.token), 'accept-language': 'ar' },
      payload: { email: shop.staff.email },
    });
    expect(arabic.json().error.message).toMatch(/ضمن فريق هذه العربة/);
    const email = uniqueEmail();
    await invite(app, shop.owner, shop.truck.id, email);
    const twice = await teamCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/team/invitations`, { email });
    expect([twice.statusCode, errorOf(twice)]).toEqual([409, 'already_invited']);
    const bad = await teamCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/team/invitations`, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
  });

  it('resends with a fresh link; the earlier one then says a newer one was sent', async () => {
    const email = uniqueEmail();
    const { id } = await invite(app, shop.owner, shop.truck.id, email);
    const first = await invitationToken(app, email);
    await app.database.db.update(truckInvitations).set({ expiresAt: sql`now() + interval '1 day'` }).where(eq(truckInvitations.id, id));
    const resent = await teamCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/team/invitations/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(Date.parse((resent.json() as Invitation).expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    const second = await invitationToken(app, email);
    expect(second).not.toBe(first);
    expect((await preview(first)).state).toBe('superseded');
    const person = await signUp(app, { email });
    const old = await accept(app, person, first);
    expect([old.statusCode, errorOf(old)]).toEqual([410, 'invitation_superseded']);
    expect((await accept(app, person, second)).statusCode).toBe(200);
  });

  it('withdraws: the link says so and no longer works', async () => {
    const email = uniqueEmail();
    const { id } = await invite(app, shop.owner, shop.truck.id, email);
    const token = await invitationToken(app, email);
    expect((await teamCall(app, shop.owner, 'DELETE', `/trucks/${shop.truck.id}/team/invitations/${id}`)).statusCode).toBe(204);
    expect((await teamOf(shop.owner, shop.truck.id)).invitations.map((i) => i.id)).not.toContain(id);
    expect((await preview(token)).state).toBe('withdrawn');
    const person = await signUp(app, { email });
    const res = await accept(app, person, token);
    expect([res.statusCode, errorOf(res)]).toEqual([410, 'invitation_withdrawn']);
    expect(await myTrucks(person)).toEqual([]);
    const twice = await teamCall(app, shop.owner, 'DELETE', `/trucks/${shop.truck.id}/team/invitations/${id}`);
    expect([twice.statusCode, errorOf(twice)]).toEqual([404, 'invitation_not_found']);
    // A new invitation to the same address is possible again.
    await invite(app, shop.owner, shop.truck.id, email);
  });

  it('expires after 7 days: the team shows it, the link says so', async () => {
    const email = uniqueEmail();
    const { id } = await invite(app, shop.owner, shop.truck.id, email);
    const token = await invitationToken(app, email);
    await app.database.db.update(truckInvitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(truckInvitations.id, id));
    expect((await teamOf(shop.owner, shop.truck.id)).invitations.find((i) => i.id === id)?.state).toBe('expired');
    expect((await preview(token)).state).toBe('expired');
    const person = await signUp(app, { email });
    const res = await accept(app, person, token);
    expect([res.statusCode, errorOf(res)]).toEqual([410, 'invitation_expired']);
  });

  it('refuses links that were altered or never issued, and a different account', async () => {
    const email = uniqueEmail();
    await invite(app, shop.owner, shop.truck.id, email);
    const token = await invitationToken(app, email);
    const [truckId, invitationId, nonce, signature] = token.split('.');
    for (const forged of [`${truckId}.${invitationId}.${nonce}x.${signature}`, `${shop.truck.id}.${crypto.randomUUID()}.${nonce}.${signature}`, 'garbage', `${token}.x`]) {
      const res = await teamCall(app, null, 'POST', '/invitations/preview', { token: forged });
      expect([res.statusCode, errorOf(res)], forged).toEqual([404, 'invitation_invalid']);
    }
    const stranger = await signUp(app);
    const wrong = await accept(app, stranger, token);
    expect([wrong.statusCode, errorOf(wrong)]).toEqual([403, 'invitation_other_account']);
    expect(wrong.json().error.message).toContain(email);
    expect((await preview(token)).state).toBe('pending');
    expect((await teamCall(app, null, 'POST', '/invitations/accept', { token })).statusCode).toBe(401);
  });

  it('limits the mails a truck sends in an hour', async () => {
    const owner = await signUp(app);
    const truck = await approvedTruck(app, owner, admin);
    const { id } = await invite(app, owner, truck.id, uniqueEmail());
    for (let i = 1; i < INVITE_LIMITS.perTruckPerHour - 1; i++) await invite(app, owner, truck.id, uniqueEmail());
    expect((await teamCall(app, owner, 'POST', `/trucks/${truck.id}/team/invitations/${id}/resend`)).statusCode).toBe(200);
    const over = await teamCall(app, owner, 'POST', `/trucks/${truck.id}/team/invitations`, { email: uniqueEmail() });
    expect([over.statusCode, errorOf(over)]).toEqual([429, 'rate_limited']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('one person, several trucks', () => {
  it('is staff on two trucks and owner of their own, each with its role', async () => {
    const person = await signUp(app);
    const ownTruck = await createDraft(app, person);
    const second = await orderingTruck(app, admin);
    for (const truck of [shop, second]) {
      await invite(app, truck.owner, truck.truck.id, person.email);
      const token = await invitationToken(app, person.email);
      expect((await preview(token)).accountExists).toBe(true);
      const signedIn = await signIn(app, person.email, person.password);
      expect((await accept(app, { ...person, token: signedIn.json().token }, token)).statusCode).toBe(200);
    }
    const trucks = await myTrucks(person);
    expect(trucks.map((t) => [t.id, t.relation])).toEqual([
      [ownTruck.id, 'owner'],
      [shop.truck.id, 'staff'],
      [second.truck.id, 'staff'],
    ]);
    const access = (await me(person)).accessList;
    expect(access.filter((e) => e.truckId === ownTruck.id).map((e) => [e.screen, e.role])).toEqual([['/truck-info', 'owner']]);
    expect(access.filter((e) => e.truckId === second.truck.id).map((e) => e.role)).toEqual(['staff', 'staff', 'staff']);
    // Staff on one truck is nobody on another's owner routes, and cannot manage a team.
    const teamRes = await teamCall(app, person, 'GET', `/trucks/${shop.truck.id}/team`);
    expect([teamRes.statusCode, errorOf(teamRes)]).toEqual([403, 'forbidden']);
    expect((await teamCall(app, person, 'GET', `/trucks/${ownTruck.id}/team`)).statusCode).toBe(200);
  });
});

describe('staff at work', () => {
  it('take orders, phone orders included, and every history row names who acted', async () => {
    const cashier = await addStaff(app, shop.owner, shop.truck.id);
    await app.database.db.update(users).set({ fullName: 'Noura the cashier' }).where(eq(users.id, cashier.user.id));
    await app.readCache.settle();
    const id = await placedOrderId(app, shop);
    const accepted = await orderCall(app, cashier, 'POST', `/trucks/${shop.truck.id}/orders/${id}/actions`, { action: 'accept', prepMinutes: 10, version: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const owner = await orderCall(app, shop.owner, 'POST', `/trucks/${shop.truck.id}/orders/${id}/actions`, { action: 'start_preparing', version: 1 });
    expect(owner.statusCode, owner.body).toBe(200);
    const history = (owner.json() as Order).history;
    expect(history.map((entry) => [entry.action, entry.actor?.name ?? null])).toEqual([
      ['place', null],
      ['accept', 'Noura the cashier'],
      ['start_preparing', expect.any(String)],
    ]);
    expect(history[2]!.actor!.id).toBe(shop.owner.user.id);
    const phone = await orderCall(app, cashier, 'POST', `/trucks/${shop.truck.id}/orders`, pickupOrder(shop), { 'idempotency-key': crypto.randomUUID() });
    expect(phone.statusCode, phone.body).toBe(201);
    expect((phone.json() as Order).history[0]!.actor).toEqual({ id: cashier.user.id, name: 'Noura the cashier' });
  });
});

describe('removing a member', () => {
  it('counts on their very next request on another app instance, and closes their event stream there', async () => {
    const other = await anotherInstance(app);
    const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    const cook = await addStaff(app, shop.owner, shop.truck.id);
    const desk = (on: FastifyInstance) => orderCall(on, cook, 'GET', `/trucks/${shop.truck.id}/orders/desk`);
    // Both instances know (and keep) the cook's access before the removal.
    expect((await desk(other)).statusCode).toBe(200);
    expect((await desk(other)).statusCode).toBe(200);
    expect((await desk(app)).statusCode).toBe(200);
    const ticket = await orderCall(other, cook, 'POST', `/trucks/${shop.truck.id}/events/ticket`);
    expect(ticket.statusCode).toBe(201);
    const stream = await openEventStream(`${otherUrl}/api/v1/trucks/${shop.truck.id}/events?ticket=${ticket.json().ticket}`);
    await stream.next('ready');
    const ownerStream = await (async () => {
      const t = await orderCall(other, shop.owner, 'POST', `/trucks/${shop.truck.id}/events/ticket`);
      const s = await openEventStream(`${otherUrl}/api/v1/trucks/${shop.truck.id}/events?ticket=${t.json().ticket}`);
      await s.next('ready');
      return s;
    })();

    await removeStaff(app, shop.owner, shop.truck.id, cook.user.id);

    // The very next request, on the instance that did not make the change: no waiting for it to hear.
    const next = await desk(other);
    expect([next.statusCode, errorOf(next)]).toEqual([404, 'truck_not_found']);
    expect((await desk(app)).statusCode).toBe(404);
    expect((await orderCall(other, cook, 'POST', `/trucks/${shop.truck.id}/events/ticket`)).statusCode).toBe(404);
    expect(await myTrucks(cook, other)).toEqual([]);
    // Their stream is closed before it gets anything more; the owner's stays open and is told.
    await stream.ended;
    expect(stream.received.map((event) => event.type)).toEqual(['ready']);
    expect(other.events.streamCount(shop.truck.id)).toBe(1);
    expect(JSON.parse((await ownerStream.next('team.member_removed')).data)).toEqual({ userId: cook.user.id });
    ownerStream.close();
    // Staff of no truck any more.
    expect((await me(cook)).user.roles).not.toContain('Staff');
    const again = await teamCall(app, shop.owner, 'DELETE', `/trucks/${shop.truck.id}/team/members/${cook.user.id}`);
    expect([again.statusCode, errorOf(again)]).toEqual([404, 'member_not_found']);
    const ownerItself = await teamCall(app, shop.owner, 'DELETE', `/trucks/${shop.truck.id}/team/members/${shop.owner.user.id}`);
    expect(ownerItself.statusCode).toBe(404);
  });

  it('is the owner’s alone: staff cannot remove each other (403), strangers see no truck (404)', async () => {
    const a = await addStaff(app, shop.owner, shop.truck.id);
    const b = await addStaff(app, shop.owner, shop.truck.id);
    const byStaff = await teamCall(app, a, 'DELETE', `/trucks/${shop.truck.id}/team/members/${b.user.id}`);
    expect([byStaff.statusCode, errorOf(byStaff)]).toEqual([403, 'forbidden']);
    const stranger = await signUp(app);
    const byStranger = await teamCall(app, stranger, 'DELETE', `/trucks/${shop.truck.id}/team/members/${b.user.id}`);
    expect([byStranger.statusCode, errorOf(byStranger)]).toEqual([404, 'truck_not_found']);
    expect((await myTrucks(b)).map((t) => t.id)).toContain(shop.truck.id);
  });
});

describe('staff and revenue', () => {
  const homeOf = async (user: SignedUp, truck: OrderingTruck, on = app) => {
    const res = await orderCall(on, user, 'GET', `/trucks/${truck.truck.id}/home`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TruckHome;
  };
  const allow = (user: SignedUp | null, truckId: string, staffSeesRevenue: unknown) => teamCall(app, user, 'PATCH', `/trucks/${truckId}/team/settings`, { staffSeesRevenue });

  it('are hidden from staff until the owner allows them, and hidden again on the next request once the owner takes it back', async () => {
    const truck = await orderingTruck(app, admin);
    // Accepted: /home counts what the business earned (decision 012).
    const orderId = await placedOrderId(app, truck);
    expect((await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${orderId}/actions`, { action: 'accept', prepMinutes: 10, version: 0 })).statusCode).toBe(200);
    const revenue = truck.wrap.priceMinor;
    expect((await teamOf(truck.owner, truck.truck.id)).settings).toEqual({ staffSeesRevenue: false, staffMayRefund: false });

    const before = await homeOf(truck.staff, truck);
    expect(before.revenueVisible).toBe(false);
    expect(before.todayFigures.orders).toBe(1);
    expect(before.todayFigures.revenue).toBeNull();
    expect(before.topItems.byRevenue).toEqual([]);

    // Another process has the truck and the staff member's home cached before the switch.
    const other = await anotherInstance(app);
    expect((await homeOf(truck.staff, truck, other)).revenueVisible).toBe(false);

    const on = await allow(truck.owner, truck.truck.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json() as TeamSettings).toEqual({ staffSeesRevenue: true, staffMayRefund: false });
    expect((await teamOf(truck.owner, truck.truck.id)).settings).toEqual({ staffSeesRevenue: true, staffMayRefund: false });

    const after = await homeOf(truck.staff, truck);
    expect(after.relation).toBe('staff');
    expect(after.revenueVisible).toBe(true);
    expect(after.todayFigures).toMatchObject({ orders: 1, revenue: expect.any(Number) });
    expect(after.todayFigures.revenue).toBeGreaterThanOrEqual(revenue);
    expect(after.daily.at(-1)!.revenue).toBe(after.todayFigures.revenue);
    expect(after.topItems.byRevenue.map((item) => item.itemId)).toContain(truck.wrap.id);
    // The very next request on the other process too, without waiting for it to hear.
    expect((await homeOf(truck.staff, truck, other)).revenueVisible).toBe(true);
    // The owner's own figures never depended on it.
    expect((await homeOf(truck.owner, truck)).todayFigures.revenue).toBe(after.todayFigures.revenue);

    expect((await allow(truck.owner, truck.truck.id, false)).statusCode).toBe(200);
    for (const on of [other, app]) {
      const hidden = await homeOf(truck.staff, truck, on);
      expect(hidden.revenueVisible).toBe(false);
      expect(hidden.todayFigures.revenue).toBeNull();
    }
  });

  it('are the owner’s to allow: staff get 403, strangers 404, anything but a yes or no 400', async () => {
    const truck = await orderingTruck(app, admin);
    const byStaff = await allow(truck.staff, truck.truck.id, true);
    expect([byStaff.statusCode, errorOf(byStaff)]).toEqual([403, 'forbidden']);
    const stranger = await signUp(app);
    const byStranger = await allow(stranger, truck.truck.id, true);
    expect([byStranger.statusCode, errorOf(byStranger)]).toEqual([404, 'truck_not_found']);
    expect((await allow(null, truck.truck.id, true)).statusCode).toBe(401);
    expect((await allow(truck.owner, truck.truck.id, 'yes')).statusCode).toBe(400);
    const extra = await teamCall(app, truck.owner, 'PATCH', `/trucks/${truck.truck.id}/team/settings`, { staffSeesRevenue: true, staffSeesEverything: true });
    expect(extra.statusCode).toBe(400);
    expect((await teamOf(truck.owner, truck.truck.id)).settings).toEqual({ staffSeesRevenue: false, staffMayRefund: false });
    expect((await homeOf(truck.staff, truck)).revenueVisible).toBe(false);
  });
});
