/**
 * Every operation of the OpenAPI document × anonymous, an applicant, another vendor, another truck's
 * staff and an admin, aimed at truck A and its things: the expected answer of each cell comes from
 * what the operation declares (security, `x-truck-access`, an /admin path), so an endpoint added
 * without a guard, or with one that lets a stranger through, fails here. Another vendor also asks
 * their own truck's paths for truck A's ids. (Members' rights, staff and owner, are the role matrix's:
 * src/server/features/team/role-matrix.test.ts.)
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, bearer, type SignedUp } from '@testing/accounts';
import { apiOperations, buildWorld, fillPath, guardOutcome, isTruckScoped, truckRoutes, type ApiOperation, type World } from '@testing/route-matrix';
import { createTestApp } from '@testing/test-app';

type Principal = 'anonymous' | 'applicant' | 'otherVendor' | 'otherTrucksStaff' | 'admin';
type Outcome = ReturnType<typeof guardOutcome>;

const PRINCIPALS: Principal[] = ['anonymous', 'applicant', 'otherVendor', 'otherTrucksStaff', 'admin'];

/**
 * Operations open to anyone, each for a reason; an unsecured operation not listed fails the matrix.
 * Keep this list short: every line is a door without a lock.
 */
const PUBLIC: [pattern: RegExp, why: string][] = [
  [/^GET \/api\/v1\/(health|health\/live|health\/ready|config)$/, 'the load balancer, the orchestrator and the sign-in screen read these'],
  [/^POST \/api\/v1\/auth\/(sign-up|sign-in|forgot-password|reset-password)$/, 'before there is a session'],
  [/^GET \/api\/v1\/avatars\/\{file\}$/, 'random, unguessable file names'],
  [/^\w+ \/api\/v1\/public\//, 'the customer side: menus, availability, orders, bookings, quote links, calendar feeds'],
  [/^POST \/api\/v1\/invitations\/preview$/, 'a signed single-use link is the credential'],
  [/^GET \/api\/v1\/trucks\/\{truckId\}\/events$/, 'opened with a single-use ticket, not a bearer token'],
];

/** Signed-in operations a role may not use at all: the one business rule the matrix cannot read from the document. */
const ROLE_REFUSALS: [pattern: RegExp, principal: Principal][] = [[/^POST \/api\/v1\/trucks$/, 'admin']];

let app: FastifyInstance;
let world: World;
let operations: ApiOperation[];
/** What the document states about each truck operation's guard, by "METHOD path". */
let truckAccess: Map<string, { roles: string[]; admin: 'read' | 'write' | null } | null>;

beforeAll(async () => {
  ({ app } = await createTestApp());
  world = await buildWorld(app);
  operations = await apiOperations(app);
  truckAccess = new Map((await truckRoutes(app)).map((route) => [route.key, route.access]));
}, 120_000);

const accountOf = (principal: Principal): SignedUp | undefined =>
  ({ anonymous: undefined, applicant: world.applicant, otherVendor: world.other.owner, otherTrucksStaff: world.other.staff, admin: world.admin })[principal];

/** Ends the caller's sessions: each such call gets a session of its own, opened just before. */
const endsSession = (operation: ApiOperation) => /\/auth\/sign-out/.test(operation.path);

async function tokenFor(principal: Principal, operation: ApiOperation): Promise<string | undefined> {
  const account = accountOf(principal);
  if (!account || !endsSession(operation)) return account?.token;
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: anyIp(), payload: { email: account.email, password: account.password } });
  return (res.json() as { token: string }).token;
}

function call(operation: ApiOperation, token: string | undefined, ids: Record<string, string>): Promise<LightMyRequestResponse> {
  const query = operation.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(p.schema.enum?.[0] ?? ids[p.name] ?? 'x'))}`);
  return app.inject({
    method: operation.method as 'GET',
    url: fillPath(operation.path, ids) + (query.length ? `?${query.join('&')}` : ''),
    remoteAddress: anyIp(),
    headers: token ? bearer(token) : {},
    ...(operation.body ? { payload: {} } : {}),
  });
}

function expected(operation: ApiOperation, principal: Principal): Outcome | 'public' {
  if (!operation.secured) return 'public';
  if (principal === 'anonymous') return 'unauthorized';
  if (isTruckScoped(operation)) {
    const access = truckAccess.get(operation.id);
    return principal === 'admin' && access?.admin ? 'passed' : 'not_found';
  }
  if (operation.path.startsWith('/api/v1/admin/')) return principal === 'admin' ? 'passed' : 'forbidden';
  if (ROLE_REFUSALS.some(([pattern, who]) => who === principal && pattern.test(operation.id))) return 'forbidden';
  // The caller's own account, their own truck list, a new draft: anyone signed in.
  return 'passed';
}

describe('the tenancy matrix of every operation', () => {
  it('finds every operation, and each unsecured one is public on purpose', () => {
    expect(operations.length).toBeGreaterThan(50);
    const undeclared = operations.filter((op) => !op.secured && !PUBLIC.some(([pattern]) => pattern.test(op.id))).map((op) => op.id);
    expect(undeclared, 'operations without security that are not public on purpose').toEqual([]);
    const unguarded = operations.filter((op) => op.secured && isTruckScoped(op) && !truckAccess.get(op.id)).map((op) => op.id);
    expect(unguarded, 'truck operations without a stated truck guard').toEqual([]);
  });

  it('answers every principal on every operation as declared, never with a 5xx', async () => {
    const wrong: string[] = [];
    // Sign-out-everywhere last: it ends the principal's other sessions too.
    const ordered = [...operations.filter((op) => !endsSession(op)), ...operations.filter(endsSession)];
    let cells = 0;
    for (const principal of PRINCIPALS) {
      for (const operation of ordered) {
        const res = await call(operation, await tokenFor(principal, operation), world.ids);
        cells++;
        const want = expected(operation, principal);
        const got = guardOutcome(res);
        if (res.statusCode >= 500) wrong.push(`${operation.id} as ${principal}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (want === 'public' ? got === 'forbidden' : got !== want) wrong.push(`${operation.id} as ${principal}: ${got} (${res.statusCode} ${res.body.slice(0, 120)}), expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBe(operations.length * PRINCIPALS.length);
  }, 120_000);

  it('never serves truck A’s things through another vendor’s own truck', async () => {
    const leaks: string[] = [];
    const crossed = { ...world.ids, truckId: world.otherIds.truckId!, slug: world.otherIds.slug! };
    // A session of its own: the matrix above signed this vendor out everywhere.
    const token = (await tokenFor('otherVendor', { path: '/auth/sign-out' } as ApiOperation))!;
    const statuses: number[] = [];
    for (const operation of operations.filter((op) => isTruckScoped(op) && op.secured && !endsSession(op))) {
      // A booking's number counts per truck: through truck B's path it names truck B's own booking.
      const otherIdParams = operation.parameters.filter((p) => p.in === 'path' && !['truckId', 'number'].includes(p.name) && world.ids[p.name]);
      if (otherIdParams.length === 0) continue;
      const res = await call(operation, token, crossed);
      statuses.push(res.statusCode);
      if (res.statusCode < 300 || res.statusCode >= 500) leaks.push(`${operation.id}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(leaks).toEqual([]);
    // It asked as the truck's owner: no refusal was a sign-in failure.
    // Orders, items, categories, zones, uploads, bookings, invitations and members: 15 operations today.
    expect(statuses.length).toBeGreaterThanOrEqual(15);
    expect(statuses.filter((status) => status === 401)).toEqual([]);
  }, 120_000);

  it('left truck A’s things as they were', async () => {
    const owner: SignedUp = world.home.owner;
    for (const path of [`/orders/${world.ids.orderId}`, `/bookings/${world.ids.bookingId}`, '/menu', '/zones', `/uploads/${world.ids.uploadId}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/trucks/${world.ids.truckId}${path}`, headers: bearer(owner.token) });
      expect(res.statusCode, path).toBe(200);
    }
    const menu = (await app.inject({ method: 'GET', url: `/api/v1/trucks/${world.ids.truckId}/menu`, headers: bearer(owner.token) })).json() as { items?: { id: string }[]; categories: { items?: { id: string }[] }[] };
    expect(JSON.stringify(menu)).toContain(world.ids.itemId);
    const team = JSON.stringify((await app.inject({ method: 'GET', url: `/api/v1/trucks/${world.ids.truckId}/team`, headers: bearer(owner.token) })).json());
    expect(team).toContain(world.ids.userId);
    expect(team).toContain(world.ids.invitationId);
  });
});
