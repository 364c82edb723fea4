/**
 * Promotions (issue 44): the owner's list, create, save against the version the editor loaded,
 * delete; the check the customer page and the phone-order dialog ask before an order ("would this
 * code apply to this basket now?"); and the redemption the order intake makes inside its own
 * transaction, which takes the promotion's row lock (SELECT … FOR UPDATE), judges the code with the
 * uses counted so far, and raises the counter: fifty customers racing for the last use wait for one
 * another on that row, and exactly one gets it.
 */
import { DomainError, type Lang } from '@domain/errors';
import { errorMessage } from '@domain/i18n/messages';
import type { Currency } from '@domain/money';
import {
  bestAutomatic,
  normalizeCode,
  PROMOTION_LIMITS,
  promotionErrorCode,
  promotionVerdict,
  reasonValues,
  type DiscountSpec,
  type Promotion,
  type PromotionCheck,
  type PromotionInput,
  type PromotionList,
  type PromotionPreview,
  type PromotionReason,
  type PromotionUpdate,
} from '@domain/promotions';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { promotionRedemptions, promotions } from '../../db/tables/promotions';
import { trucks } from '../../db/tables/trucks';
import { messages } from '../../platform/i18n';
import type { TruckRow } from '../../platform/truck-access';

type PromotionRow = typeof promotions.$inferSelect;
/** The database or a transaction: the intake redeems inside its own. */
type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const promotionNotFound = () => new DomainError('promotion_not_found', 404);
const codeTaken = (code: string) => new DomainError('promotion_code_taken', 409, { code });

export function toPromotion(row: PromotionRow): Promotion {
  const { id, code, name, discount, minSubtotal, validFrom, validUntil, window, fulfilment, maxUses, onePerPhone, active, uses, version } = row;
  return { id, code, name, discount, minSubtotal, validFrom, validUntil, window: window ? { ...window, days: [...window.days] } : null, fulfilment, maxUses, onePerPhone, active, uses, version };
}

function columnsOf(promotion: PromotionInput) {
  const { code, name, discount, minSubtotal, validFrom, validUntil, window, fulfilment, maxUses, onePerPhone, active } = promotion;
  return { code, name, discount, minSubtotal, validFrom, validUntil, window, fulfilment, maxUses, onePerPhone, active };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** What an order asks of a promotion: the code typed (none: the automatic promotion, if one applies now). */
export interface RedemptionAsk {
  code: string | null | undefined;
  phone: string;
  /** The line subtotal, minor units. */
  subtotal: number;
  type: 'pickup' | 'delivery';
  orderId: string | null;
  now: Date;
}

/** What the order snapshots of the promotion it got. */
export interface Redeemed {
  promotionId: string;
  code: string | null;
  name: string;
  discount: DiscountSpec;
  /** The preview of what it takes off the subtotal (the order's own figure is the money core's). */
  amount: number;
}

/** A refused code as the order's 422: one field error on `promotionCode`, under the reason's own code. */
export function promotionRefusal(reason: PromotionReason, params: Record<string, string | number> = {}, truck: Pick<TruckRow, 'currency'>, lang: Lang): DomainError {
  const code = promotionErrorCode(reason);
  const values = reasonValues(params, truck.currency as Currency, lang);
  return new DomainError(code, 422, undefined, [{ path: 'promotionCode', code, params: values }]);
}

async function usedByPhone(tx: Tx, truckId: string, promotionId: string, phone: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: promotionRedemptions.id })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.truckId, truckId), eq(promotionRedemptions.promotionId, promotionId), eq(promotionRedemptions.phoneKey, phone)))
    .limit(1);
  return found !== undefined;
}

const automaticOf = (tx: Tx, truckId: string, lock = false) => {
  const query = tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.truckId, truckId), isNull(promotions.code), eq(promotions.active, true)))
    .orderBy(asc(promotions.createdAt), asc(promotions.id));
  return lock ? query.for('update') : query;
};

const byCode = (tx: Tx, truckId: string, code: string, lock = false) => {
  const query = tx.select().from(promotions).where(and(eq(promotions.truckId, truckId), eq(promotions.code, code)));
  return lock ? query.for('update') : query;
};

/**
 * Redeems inside the caller's transaction: locks the promotion's row (the automatic ones', without a
 * code), judges it with the uses so far and this phone's, raises its counter and records the use.
 * A code that does not apply throws the order's 422 (promotionRefusal); no code and no automatic
 * promotion that applies: null. The lock is held until the caller's transaction ends, so an order
 * that fails after this gives the use back by rolling back.
 */
export async function redeemPromotion(tx: Tx, truck: Pick<TruckRow, 'id' | 'timeZone' | 'currency'>, ask: RedemptionAsk, lang: Lang): Promise<Redeemed | null> {
  const code = ask.code ? normalizeCode(ask.code) : '';
  const base = { now: ask.now, timeZone: truck.timeZone, subtotal: ask.subtotal, type: ask.type };
  let row: PromotionRow | undefined;
  let amount: number;
  let discount: DiscountSpec;
  if (code) {
    [row] = await byCode(tx, truck.id, code, true);
    const verdict = promotionVerdict(row, { ...base, usedByPhone: row?.onePerPhone ? await usedByPhone(tx, truck.id, row.id, ask.phone) : false });
    if (!verdict.applies) throw promotionRefusal(verdict.reason, verdict.params, truck, lang);
    ({ amount, discount } = verdict);
  } else {
    const automatic = await automaticOf(tx, truck.id, true);
    const usable = [];
    for (const candidate of automatic) {
      if (!candidate.onePerPhone || !(await usedByPhone(tx, truck.id, candidate.id, ask.phone))) usable.push(candidate);
    }
    const best = bestAutomatic(usable, { ...base, usedByPhone: false });
    if (!best) return null;
    ({ promotion: row, amount, discount } = best);
  }
  const promotion = row!;
  await tx
    .update(promotions)
    .set({ uses: sql`${promotions.uses} + 1` })
    .where(and(eq(promotions.truckId, truck.id), eq(promotions.id, promotion.id)));
  await tx.insert(promotionRedemptions).values({
    truckId: truck.id,
    promotionId: promotion.id,
    orderId: ask.orderId,
    phone: ask.phone,
    phoneKey: promotion.onePerPhone ? ask.phone : null,
    discount: amount,
  });
  return { promotionId: promotion.id, code: promotion.code, name: promotion.name, discount, amount };
}

export function createPromotionsService(app: FastifyInstance) {
  const { db } = app.database;

  async function list(truck: TruckRow): Promise<PromotionList> {
    const rows = await db.select().from(promotions).where(eq(promotions.truckId, truck.id)).orderBy(asc(promotions.createdAt), asc(promotions.id));
    return { promotions: rows.map(toPromotion), currency: truck.currency as Currency, timeZone: truck.timeZone };
  }

  async function create(truck: TruckRow, promotion: PromotionInput): Promise<Promotion> {
    try {
      return await db.transaction(async (tx) => {
        // Two creations at once must not both pass the count: the truck's row is their meeting point.
        await tx.select({ id: trucks.id }).from(trucks).where(eq(trucks.id, truck.id)).for('no key update');
        const [existing] = await tx.select({ n: count() }).from(promotions).where(eq(promotions.truckId, truck.id));
        if ((existing?.n ?? 0) >= PROMOTION_LIMITS.perTruck) throw new DomainError('too_many_promotions', 409, { maximum: PROMOTION_LIMITS.perTruck });
        const [row] = await tx.insert(promotions).values({ truckId: truck.id, ...columnsOf(promotion) }).returning();
        return toPromotion(row!);
      });
    } catch (error) {
      if (isUniqueViolation(error) && promotion.code) throw codeTaken(promotion.code);
      throw error;
    }
  }

  async function update(truck: TruckRow, promotionId: string, promotion: PromotionUpdate, now = new Date()): Promise<Promotion> {
    let row: PromotionRow | undefined;
    try {
      [row] = await db
        .update(promotions)
        .set({ ...columnsOf(promotion), version: promotion.version + 1, updatedAt: now })
        .where(and(eq(promotions.truckId, truck.id), eq(promotions.id, promotionId), eq(promotions.version, promotion.version)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error) && promotion.code) throw codeTaken(promotion.code);
      // Fewer uses allowed than already made (the table's check).
      if ((error as { cause?: { code?: string } }).cause?.code === '23514') {
        throw new DomainError('validation_failed', 400, undefined, [{ path: 'maxUses', code: 'promotion_max_below_uses' }]);
      }
      throw error;
    }
    if (row) return toPromotion(row);
    const [current] = await db.select({ version: promotions.version }).from(promotions).where(and(eq(promotions.truckId, truck.id), eq(promotions.id, promotionId)));
    if (!current) throw promotionNotFound();
    throw new DomainError('conflict', 409, { version: current.version });
  }

  async function remove(truck: TruckRow, promotionId: string): Promise<void> {
    const deleted = await db.delete(promotions).where(and(eq(promotions.truckId, truck.id), eq(promotions.id, promotionId))).returning({ id: promotions.id });
    if (deleted.length === 0) throw promotionNotFound();
  }

  /** The answer before an order: what the code (or, without one, the automatic promotion) would take off now; or why not, worded. */
  async function check(truck: Pick<TruckRow, 'id' | 'timeZone' | 'currency'>, ask: PromotionCheck, lang: Lang, now = new Date()): Promise<PromotionPreview> {
    const code = ask.code ? normalizeCode(ask.code) : '';
    const base = { now, timeZone: truck.timeZone, subtotal: ask.subtotal, type: ask.type };
    if (!code) {
      const automatic = await automaticOf(db, truck.id);
      const usable = [];
      for (const candidate of automatic) {
        if (!candidate.onePerPhone || !ask.phone || !(await usedByPhone(db, truck.id, candidate.id, ask.phone))) usable.push(candidate);
      }
      const best = bestAutomatic(usable, { ...base, usedByPhone: false });
      if (best) return { applies: true, code: null, name: best.promotion.name, discount: best.discount, amount: best.amount };
      return { applies: false, reason: 'none', params: {}, message: errorMessage(messages(lang), 'promotion_none') };
    }
    const [row] = await byCode(db, truck.id, code);
    const phoneUsed = row?.onePerPhone && ask.phone ? await usedByPhone(db, truck.id, row.id, ask.phone) : false;
    const verdict = promotionVerdict(row, { ...base, usedByPhone: phoneUsed });
    if (verdict.applies) return { applies: true, code: row!.code, name: row!.name, discount: verdict.discount, amount: verdict.amount };
    const params = verdict.params ?? {};
    const message = errorMessage(messages(lang), promotionErrorCode(verdict.reason), reasonValues(params, truck.currency as Currency, lang, true));
    return { applies: false, reason: verdict.reason, params, message };
  }

  return { list, create, update, remove, check, redeem: redeemPromotion };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
