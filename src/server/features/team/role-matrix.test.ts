/**
 * Who may call what on a truck: every truck endpoint of the OpenAPI document (so a new one is never
 * forgotten) against each kind of caller — the owner, staff of this truck, staff of another truck,
 * a removed staff member, an applicant with a truck of their own, and nobody signed in. Members
 * without the right get 403, everyone else who is not a member 404, exactly as for no truck. On a
 * suspended truck its owner and staff get 403 truck_suspended where the suspension closes the route
 * (the customers' orders, bookings and live stream) and what their role allows elsewhere.
 */
import { CLOSED_WHILE_SUSPENDED } from '@domain/access';
import { TRUCK_PERMISSIONS } from '@domain/access';
import type { Truck } from '@domain/trucks';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '@testing/accounts';
import { callRoute, guardOutcome, truckRoutes, type MatrixRoute } from '@testing/route-matrix';
import { createTestApp } from '@testing/test-app';
import { approvedTruck, createDraft, decide } from '@testing/trucks';
import { addStaff, removeStaff } from '@testing/team';

type Actor = 'owner' | 'staff' | 'otherTrucksStaff' | 'removedStaff' | 'applicant' | 'anonymous';
type Outcome = ReturnType<typeof guardOutcome>;

let app: FastifyInstance;
let truck: Truck;
let routes: MatrixRoute[];
const callers = {} as Record<Exclude<Actor, 'anonymous'>, SignedUp>;
let suspendedTruck: Truck;
const suspendedCallers = {} as Record<'owner' | 'staff', SignedUp>;

beforeAll(async () => {
  ({ app } = await createTestApp());
  const admin = await signUp(app, { roles: ['Admin'] });
  callers.owner = await signUp(app);
  truck = await approvedTruck(app, callers.owner, admin);
  const otherOwner = await signUp(app);
  const otherTruck = await approvedTruck(app, otherOwner, admin);
  callers.staff = await addStaff(app, callers.owner, truck.id);
  callers.otherTrucksStaff = await addStaff(app, otherOwner, otherTruck.id);
  callers.removedStaff = await addStaff(app, callers.owner, truck.id);
  await removeStaff(app, callers.owner, truck.id, callers.removedStaff.user.id);
  callers.applicant = await signUp(app);
  await createDraft(app, callers.applicant);
  suspendedCallers.owner = await signUp(app);
  suspendedTruck = await approvedTruck(app, suspendedCallers.owner, admin);
  suspendedCallers.staff = await addStaff(app, suspendedCallers.owner, suspendedTruck.id);
  const suspended = await decide(app, admin, suspendedTruck.id, { action: 'suspend', reason: 'Papers under inspection' });
  if (suspended.statusCode !== 200) throw new Error(`suspend failed: ${suspended.body}`);
  routes = await truckRoutes(app);
}, 120_000);

/** What the issue asks of staff, pinned whatever the routes declare (a route that does not exist yet is skipped). */
const STAFF_PINS: [method: string, path: RegExp, outcome: Outcome][] = [
  // Giving money back is the owner's unless they grant it to staff (STAFF_GRANTS; these staff have no grant).
  ['POST', /\/orders\/\{orderId\}\/refunds$/, 'forbidden'],
  ['*', /\/orders(\/|$)/, 'passed'],
  ['POST', /\/events\/ticket$/, 'passed'],
  ['POST', /\/menu\/availability$/, 'passed'],
  ['GET', /\/menu$/, 'passed'],
  ['POST|PUT|DELETE', /\/menu\/(categories|items)/, 'forbidden'],
  ['GET', /\/bookings$/, 'passed'],
  ['GET', /\/bookings\/\{bookingId\}$/, 'passed'],
  ['POST', /\/bookings\/\{bookingId\}\/actions$/, 'passed'],
  ['PUT|POST|PATCH', /\/bookings\/availability$/, 'forbidden'],
  ['PUT|DELETE', /\/hours/, 'forbidden'],
  ['POST', /\/zones$/, 'forbidden'],
  ['PUT|DELETE', /\/zones\//, 'forbidden'],
  ['GET', /\/promotions$/, 'passed'],
  ['POST', /\/promotions\/check$/, 'passed'],
  ['POST', /\/promotions$/, 'forbidden'],
  ['PUT|DELETE', /\/promotions\/\{promotionId\}$/, 'forbidden'],
  ['GET|PUT|POST|DELETE', /^\/api\/v1\/trucks\/\{truckId\}$/, 'forbidden'],
  ['PUT|DELETE', /\/(basics|location|documents)/, 'forbidden'],
  ['POST', /\/(submit|uploads)$/, 'forbidden'],
  ['*', /\/team(\/|$)/, 'forbidden'],
  ['*', /\/(revenue|sales|stats)/, 'forbidden'],
];

function staffPin(route: MatrixRoute): Outcome | undefined {
  const path = route.path;
  return STAFF_PINS.find(([method, pattern]) => (method === '*' || method.split('|').includes(route.method)) && pattern.test(path))?.[2];
}

function expected(route: MatrixRoute, actor: Actor): Outcome {
  // The event stream opens with a ticket only (and this one names nothing): nobody gets in.
  if (!route.bearer) return 'unauthorized';
  if (actor === 'anonymous') return 'unauthorized';
  const roles = route.access!.roles;
  if (actor === 'owner') return roles.includes('owner') ? 'passed' : 'forbidden';
  if (actor === 'staff') return roles.includes('staff') ? 'passed' : 'forbidden';
  return 'not_found';
}

const ACTORS: Actor[] = ['owner', 'staff', 'otherTrucksStaff', 'removedStaff', 'applicant', 'anonymous'];

describe('the role matrix of every truck endpoint', () => {
  it('finds every truck endpoint, each stating who its guard lets in', () => {
    expect(routes.length).toBeGreaterThan(25);
    const unguarded = routes.filter((route) => route.bearer && route.access === null).map((route) => route.key);
    expect(unguarded, 'truck routes without a truck guard (truckGuard / truckAccessDoc)').toEqual([]);
    const rules = new Set(Object.values(TRUCK_PERMISSIONS).map((roles) => roles.join()));
    for (const route of routes.filter((r) => r.access)) expect(rules, route.key).toContain(route.access!.roles.join());
  });

  it('holds the issue’s staff rights on the routes that carry them', () => {
    const mismatched = routes
      .filter((route) => route.bearer && staffPin(route) !== undefined)
      .filter((route) => expected(route, 'staff') !== staffPin(route))
      .map((route) => `${route.key}: declares ${expected(route, 'staff')}, should be ${staffPin(route)}`);
    expect(mismatched).toEqual([]);
    const pinned = routes.filter((route) => staffPin(route) !== undefined).length;
    expect(pinned).toBeGreaterThan(15);
  });

  it('closes what the suspension closes, and only that: the customers’ orders (and a phone order’s code check), bookings and live stream', () => {
    const closed = routes.filter((route) => route.access && !route.access.whileSuspended).map((route) => route.key);
    expect(closed.length).toBeGreaterThan(5);
    // …and a phone order's promotion check, which belongs to taking orders.
    for (const key of closed) expect(key, key).toMatch(/\/(orders|bookings|events|promotions\/check)(\/|$)/);
    const open = routes.filter((route) => route.access?.whileSuspended).map((route) => route.key);
    // The owner sees why (the summary, the truck's page) and replaces the papers.
    expect(open).toEqual(expect.arrayContaining(['GET /api/v1/trucks/{truckId}/home', 'GET /api/v1/trucks/{truckId}', 'PUT /api/v1/trucks/{truckId}/documents']));
    expect(CLOSED_WHILE_SUSPENDED).toEqual(['orders.manage', 'orders.refund', 'bookings.manage']);
  });

  it('answers a suspended truck’s owner and staff on each endpoint as its rule says, never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const actor of ['owner', 'staff'] as const) {
        const res = await callRoute(app, route, suspendedTruck.id, bearer(suspendedCallers[actor].token));
        if (res.statusCode >= 500) wrong.push(`${route.key} as suspended ${actor}: ${res.statusCode} ${res.body}`);
        const outcome = guardOutcome(res);
        const allowed = expected(route, actor);
        const want: Outcome = allowed === 'passed' && route.access && !route.access.whileSuspended ? 'suspended' : allowed;
        if (outcome !== want) wrong.push(`${route.key} as suspended ${actor}: ${outcome} (${res.statusCode}), expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers each caller on each endpoint as its rule says, never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const actor of ACTORS) {
        const headers = actor === 'anonymous' ? {} : bearer(callers[actor].token);
        const res = await callRoute(app, route, truck.id, headers);
        if (res.statusCode >= 500) wrong.push(`${route.key} as ${actor}: ${res.statusCode} ${res.body}`);
        const outcome = guardOutcome(res);
        if (outcome !== expected(route, actor)) wrong.push(`${route.key} as ${actor}: ${outcome} (${res.statusCode}), expected ${expected(route, actor)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
