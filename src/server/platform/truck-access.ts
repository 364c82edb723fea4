/**
 * The tenancy guard of every `/api/v1/trucks/:truckId/...` route (docs/product.md §1): a caller reaches
 * a truck as its owner, as a staff member (where the route allows staff) or, where the route allows it,
 * as an Admin. A staff member on a route staff may not use gets 403; anyone else gets the same 404 as
 * for a truck that does not exist, so other vendors' trucks cannot even be detected.
 *
 * Routes guard with `preValidation: truckGuard(can('menu.edit'))` (the permissions of
 * domain/access.ts), so a stranger gets the 404 before any validation of the body could tell them
 * anything, then read `truckAccessOf(request)`; code that decides access itself calls
 * `requireTruck(request, truckId, rule)`.
 */
import { openWhileSuspended, STAFF_GRANTS, TRUCK_PERMISSIONS, type StaffGrant, type TruckMembership, type TruckPermission } from '@domain/access';
import { DomainError } from '@domain/errors';
import { localToday, tradingBlocks, type TradingBlock, type TruckRelation } from '@domain/trucks';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { preparedOn } from '../db/prepared';
import { truckDocuments, truckMembers, truckSlugs, trucks } from '../db/tables/trucks';
import { authOf, requireUser, type Caller } from './auth';

export type TruckRow = typeof trucks.$inferSelect;

export interface TruckAccessRule {
  /** Who among the truck's people may use the route. */
  allow: readonly ('owner' | 'staff')[];
  /** Admins reach every truck: 'read' for views, 'write' for review actions. Omitted: no admin access. */
  admin?: 'read' | 'write';
  /** False: closed to the truck's people while an Admin has suspended it (domain/access.ts CLOSED_WHILE_SUSPENDED). */
  whileSuspended: boolean;
  /** Staff pass too while the owner has this switch of the team's settings on (domain/access.ts STAFF_GRANTS). */
  grant?: StaffGrant;
}

export interface TruckAccess {
  truck: TruckRow;
  relation: TruckRelation;
}

export const truckNotFound = () => new DomainError('truck_not_found', 404);
/** A member of the truck asking for what their role does not allow. */
export const notAllowedOnTruck = () => new DomainError('forbidden', 403);
/** A member of a suspended truck asking for what the suspension closes (its customers' details). */
export const truckSuspended = () => new DomainError('truck_suspended', 403);

/** The rule of a permission (domain/access.ts); `admin` lets Admins through as well. */
export function can(permission: TruckPermission, admin?: TruckAccessRule['admin']): TruckAccessRule {
  const grant = (STAFF_GRANTS as Partial<Record<TruckPermission, StaffGrant>>)[permission];
  return { allow: TRUCK_PERMISSIONS[permission], whileSuspended: openWhileSuspended(permission), ...(admin ? { admin } : {}), ...(grant ? { grant } : {}) };
}

const UuidSchema = z.uuid();
/** Ids in paths: anything else is answered as not found, before any query. */
export const isUuid = (value: string) => UuidSchema.safeParse(value).success;

/** Every truck route's first read (until cached): the truck and the caller's membership of it. */
const truckWithMembership = preparedOn((db) =>
  db
    .select({ truck: trucks, memberRole: truckMembers.role })
    .from(trucks)
    .leftJoin(truckMembers, and(eq(truckMembers.truckId, trucks.id), eq(truckMembers.userId, sql.placeholder('userId'))))
    .where(eq(trucks.id, sql.placeholder('truckId')))
    .prepare('truck_with_membership'),
);

export async function requireTruck(request: FastifyRequest, truckId: string, rule: TruckAccessRule): Promise<TruckAccess> {
  if (!request.caller) await requireUser(request);
  return truckAccessFor(request.server, authOf(request), truckId, rule);
}

/** requireTruck for a caller already known (a live stream checking again, outside any request). */
export async function truckAccessFor(server: FastifyInstance, caller: Caller, truckId: string, rule: TruckAccessRule): Promise<TruckAccess> {
  if (!isUuid(truckId)) throw truckNotFound();
  const { db } = server.database;
  // Kept until the truck or its people change (read-cache.ts).
  const row = await server.readCache.remember(`truck:${truckId}:${caller.userId}`, [`truck:${truckId}`], async () => {
    const [found] = await truckWithMembership(db).execute({ truckId, userId: caller.userId });
    return found;
  });
  if (!row) throw truckNotFound();
  const owner = row.truck.ownerId === caller.userId;
  if (owner && rule.allow.includes('owner')) return inReach({ truck: row.truck, relation: 'owner' }, rule);
  // A removal, a change of role or a suspension counts on the very next request on every process,
  // without waiting for the cache's notification: a staff member's membership is confirmed on each
  // request (one primary-key read), and with it the truck's status and what the owner lets staff see.
  const member = !owner && row.memberRole === 'staff' ? await stillMember(db, truckId, caller.userId) : undefined;
  const staff = member !== undefined;
  if (member && (rule.allow.includes('staff') || (rule.grant !== undefined && member[rule.grant]))) {
    const { staffSeesRevenue, staffMayRefund, status } = member;
    const same = staffSeesRevenue === row.truck.staffSeesRevenue && staffMayRefund === row.truck.staffMayRefund && status === row.truck.status;
    const truck = same ? row.truck : { ...row.truck, staffSeesRevenue, staffMayRefund, status };
    return inReach({ truck, relation: 'staff' }, rule);
  }
  if (rule.admin && caller.roles.includes('Admin')) return { truck: row.truck, relation: 'admin' };
  if (owner || staff) throw notAllowedOnTruck();
  throw truckNotFound();
}

/** The owner's or staff's access, unless the truck is suspended and the rule is one the suspension closes. */
function inReach(access: TruckAccess, rule: TruckAccessRule): TruckAccess {
  if (access.truck.status === 'suspended' && !rule.whileSuspended) throw truckSuspended();
  return access;
}

const granted = new WeakMap<FastifyRequest, TruckAccess>();

/**
 * The staff membership as it is now (undefined: removed, or no longer a staff role), with the truck's
 * status and the owner's staff settings read in the same statement.
 */
async function stillMember(db: Db, truckId: string, userId: string): Promise<Pick<TruckRow, 'staffSeesRevenue' | 'staffMayRefund' | 'status'> | undefined> {
  const [found] = await db
    .select({ staffSeesRevenue: trucks.staffSeesRevenue, staffMayRefund: trucks.staffMayRefund, status: trucks.status })
    .from(truckMembers)
    .innerJoin(trucks, eq(trucks.id, truckMembers.truckId))
    .where(and(eq(truckMembers.truckId, truckId), eq(truckMembers.userId, userId), eq(truckMembers.role, 'staff')));
  return found;
}

const guardRules = new WeakMap<object, TruckAccessRule>();

/** preValidation hook for routes with a `:truckId` parameter. */
export function truckGuard(rule: TruckAccessRule) {
  const handler = async function truckGuardHandler(request: FastifyRequest): Promise<void> {
    const { truckId } = request.params as { truckId?: unknown };
    granted.set(request, await requireTruck(request, typeof truckId === 'string' ? truckId : '', rule));
  };
  guardRules.set(handler, rule);
  return handler;
}

/** The OpenAPI key that states who may call a truck route. */
export const TRUCK_ACCESS_KEY = 'x-truck-access';

/**
 * onRoute hook: a route guarded by truckGuard states its rule in the OpenAPI document
 * (`x-truck-access: { roles, admin, whileSuspended }`), for API clients and for the tests that check every route
 * keeps it.
 */
export function documentTruckAccess(route: RouteOptions): void {
  const hooks = [route.preValidation].flat();
  const rule = hooks.map((hook) => (hook ? guardRules.get(hook) : undefined)).find(Boolean);
  if (rule) route.schema = { ...route.schema, ...truckAccessDoc(rule) };
}

/** The OpenAPI statement of a rule, for a route that calls requireTruck itself. */
export function truckAccessDoc(rule: TruckAccessRule) {
  return {
    [TRUCK_ACCESS_KEY]: { roles: [...rule.allow], admin: rule.admin ?? null, whileSuspended: rule.whileSuspended, ...(rule.grant ? { staffByGrant: rule.grant } : {}) },
  };
}

/** The truck a route guarded by truckGuard reached, and how. */
export function truckAccessOf(request: FastifyRequest): TruckAccess {
  const access = granted.get(request);
  if (!access) throw new Error('truckAccessOf: the route has no truckGuard');
  return access;
}

/** The truck customers reach by its public slug (an intake); 404 when there is none. */
export async function truckBySlug(db: Db, slug: string): Promise<TruckRow> {
  const [found] = await db.select({ truck: trucks }).from(truckSlugs).innerJoin(trucks, eq(trucks.id, truckSlugs.truckId)).where(eq(truckSlugs.slug, slug));
  if (!found) throw truckNotFound();
  return found.truck;
}

/** The trucks a user reaches and how (owned first, then staffed, oldest first): the access list's trucks. */
export async function truckMembershipsOf(db: Db, userId: string): Promise<TruckMembership[]> {
  const [owned, staffed] = await Promise.all([
    db.select({ truckId: trucks.id, status: trucks.status }).from(trucks).where(eq(trucks.ownerId, userId)).orderBy(asc(trucks.createdAt)),
    db
      .select({ truckId: truckMembers.truckId, status: trucks.status })
      .from(truckMembers)
      .innerJoin(trucks, eq(trucks.id, truckMembers.truckId))
      .where(and(eq(truckMembers.userId, userId), ne(trucks.ownerId, userId)))
      .orderBy(asc(truckMembers.createdAt)),
  ]);
  const membership = (role: TruckMembership['role']) => ({ truckId, status }: { truckId: string; status: TruckRow['status'] }): TruckMembership =>
    status === 'suspended' ? { truckId, role, suspended: true } : { truckId, role };
  return [...owned.map(membership('owner')), ...staffed.map(membership('staff'))];
}

/**
 * "May this truck take orders and bookings now?" for the order and booking intakes: approved, and
 * every required document on file and unexpired in the truck's own calendar. Empty: it may.
 */
export async function truckTradingBlocks(db: Db, truck: Pick<TruckRow, 'id' | 'status' | 'timeZone'>, now = new Date()): Promise<TradingBlock[]> {
  const documents = await db
    .select({ type: truckDocuments.type, expiryDate: truckDocuments.expiryDate })
    .from(truckDocuments)
    .where(eq(truckDocuments.truckId, truck.id));
  return tradingBlocks({ status: truck.status, documents }, localToday(truck.timeZone, now));
}
