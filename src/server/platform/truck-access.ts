/**
 * The tenancy guard of every `/api/v1/trucks/:truckId/...` route (product.md §1): a caller reaches a
 * truck as its owner, as a staff member (where the route allows staff) or, where the route allows
 * it, as an Admin. Anyone else gets the same 404 as for a truck that does not exist, so other
 * vendors' trucks cannot even be detected.
 *
 * Routes guard with `preValidation: truckGuard(rule)`, so a stranger gets the 404 before any
 * validation of the body could tell them anything, then read `truckAccessOf(request)`; code that
 * decides access itself calls `requireTruck(request, truckId, rule)`.
 */
import { DomainError } from '@domain/errors';
import { localToday, tradingBlocks, type TradingBlock, type TruckRelation } from '@domain/trucks';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { truckDocuments, truckMembers, trucks } from '../db/tables/trucks';
import { authOf, requireUser } from './auth';

export type TruckRow = typeof trucks.$inferSelect;

export interface TruckAccessRule {
  /** Who among the truck's people may use the route. */
  allow: readonly ('owner' | 'staff')[];
  /** Admins reach every truck: 'read' for views, 'write' for review actions. Omitted: no admin access. */
  admin?: 'read' | 'write';
}

export interface TruckAccess {
  truck: TruckRow;
  relation: TruckRelation;
}

export const truckNotFound = () => new DomainError('truck_not_found', 404);

const TruckIdSchema = z.uuid();
const isUuid = (value: string) => TruckIdSchema.safeParse(value).success;

export async function requireTruck(request: FastifyRequest, truckId: string, rule: TruckAccessRule): Promise<TruckAccess> {
  if (!request.caller) await requireUser(request);
  const caller = authOf(request);
  if (!isUuid(truckId)) throw truckNotFound();
  const { db } = request.server.database;
  // Kept until the truck or its people change (read-cache.ts).
  const row = await request.server.readCache.remember(`truck:${truckId}:${caller.userId}`, [`truck:${truckId}`], async () => {
    const [found] = await db
      .select({ truck: trucks, memberRole: truckMembers.role })
      .from(trucks)
      .leftJoin(truckMembers, and(eq(truckMembers.truckId, trucks.id), eq(truckMembers.userId, caller.userId)))
      .where(eq(trucks.id, truckId));
    return found;
  });
  if (!row) throw truckNotFound();
  if (row.truck.ownerId === caller.userId && rule.allow.includes('owner')) return { truck: row.truck, relation: 'owner' };
  if (row.memberRole === 'staff' && rule.allow.includes('staff')) return { truck: row.truck, relation: 'staff' };
  if (rule.admin && caller.roles.includes('Admin')) return { truck: row.truck, relation: 'admin' };
  throw truckNotFound();
}

const granted = new WeakMap<FastifyRequest, TruckAccess>();

/** preValidation hook for routes with a `:truckId` parameter. */
export function truckGuard(rule: TruckAccessRule) {
  return async function truckGuardHandler(request: FastifyRequest): Promise<void> {
    const { truckId } = request.params as { truckId?: unknown };
    granted.set(request, await requireTruck(request, typeof truckId === 'string' ? truckId : '', rule));
  };
}

/** The truck a route guarded by truckGuard reached, and how. */
export function truckAccessOf(request: FastifyRequest): TruckAccess {
  const access = granted.get(request);
  if (!access) throw new Error('truckAccessOf: the route has no truckGuard');
  return access;
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
