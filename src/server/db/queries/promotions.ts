/**
 * Promotions as the order intake and the promotions feature both use them (issue 44): the judgement
 * of a code (or of the automatic promotions) for a basket, read-only; the redemption, which takes the
 * promotion row's lock (SELECT … FOR UPDATE), judges again with the uses counted so far, raises the
 * counter and records the use; and the release of an order's use when its write did not happen.
 * Fifty customers racing for the last use wait for one another on the row, and exactly one gets it.
 * Relative imports of the domain through its aliases, like the other queries.
 */
import { DomainError, type Lang } from '@domain/errors';
import type { Currency } from '@domain/money';
import {
  bestAutomatic,
  normalizeCode,
  promotionErrorCode,
  promotionVerdict,
  reasonValues,
  type DiscountSpec,
  type PromotionReason,
} from '@domain/promotions';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { promotionRedemptions, promotions } from '../tables/promotions';

export type PromotionRow = typeof promotions.$inferSelect;
/** The database or a transaction: the intake redeems inside one of its own. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
type PromotionTruck = { id: string; timeZone: string; currency: string };

/** What an order (or a check) asks of a promotion: the code typed (none: the automatic promotion, if one applies now). */
export interface PromotionAsk {
  code: string | null | undefined;
  /** Unknown before checkout: one-per-phone is then judged when the order is placed. */
  phone: string | null;
  /** The line subtotal, minor units. */
  subtotal: number;
  type: 'pickup' | 'delivery';
  now: Date;
}

/** What the order snapshots of the promotion it got. */
export interface Redeemed {
  promotionId: string;
  code: string | null;
  name: string;
  discount: DiscountSpec;
  /** The preview of what it takes off the subtotal (the order's own figure is orderTotals'). */
  amount: number;
}

export type Judgement = { applies: true; promotion: Redeemed } | { applies: false; reason: PromotionReason | 'none'; params: Record<string, string | number> };

/** A refused code as the order's 422: one field error on `promotionCode`, under the reason's own code. */
export function promotionRefusal(reason: PromotionReason, params: Record<string, string | number>, truck: Pick<PromotionTruck, 'currency'>, lang: Lang): DomainError {
  const code = promotionErrorCode(reason);
  return new DomainError(code, 422, undefined, [{ path: 'promotionCode', code, params: reasonValues(params, truck.currency as Currency, lang) }]);
}

async function usedByPhone(tx: Tx, truckId: string, promotionId: string, phone: string | null): Promise<boolean> {
  if (phone === null) return false;
  const [found] = await tx
    .select({ id: promotionRedemptions.id })
    .from(promotionRedemptions)
    .where(and(eq(promotionRedemptions.truckId, truckId), eq(promotionRedemptions.promotionId, promotionId), eq(promotionRedemptions.phoneKey, phone)))
    .limit(1);
  return found !== undefined;
}

function automaticOf(tx: Tx, truckId: string, lock: boolean) {
  const query = tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.truckId, truckId), isNull(promotions.code), eq(promotions.active, true)))
    .orderBy(asc(promotions.createdAt), asc(promotions.id));
  return lock ? query.for('update') : query;
}

function byCode(tx: Tx, truckId: string, code: string, lock: boolean) {
  const query = tx.select().from(promotions).where(and(eq(promotions.truckId, truckId), eq(promotions.code, code)));
  return lock ? query.for('update') : query;
}

const redeemedOf = (row: PromotionRow, discount: DiscountSpec, amount: number): Redeemed => ({ promotionId: row.id, code: row.code, name: row.name, discount, amount });

/** Judges a code (or, without one, the automatic promotions) for a basket; with `lock`, under the rows' locks (inside the caller's transaction). */
export async function judgePromotion(tx: Tx, truck: PromotionTruck, ask: PromotionAsk, lock = false): Promise<Judgement> {
  const code = ask.code ? normalizeCode(ask.code) : '';
  const base = { now: ask.now, timeZone: truck.timeZone, subtotal: ask.subtotal, type: ask.type };
  if (!code) {
    const usable: PromotionRow[] = [];
    for (const candidate of await automaticOf(tx, truck.id, lock)) {
      if (!candidate.onePerPhone || !(await usedByPhone(tx, truck.id, candidate.id, ask.phone))) usable.push(candidate);
    }
    const best = bestAutomatic(usable, { ...base, usedByPhone: false });
    return best ? { applies: true, promotion: redeemedOf(best.promotion, best.discount, best.amount) } : { applies: false, reason: 'none', params: {} };
  }
  const [row] = await byCode(tx, truck.id, code, lock);
  const verdict = promotionVerdict(row, { ...base, usedByPhone: row?.onePerPhone ? await usedByPhone(tx, truck.id, row.id, ask.phone) : false });
  if (!verdict.applies) return { applies: false, reason: verdict.reason, params: verdict.params ?? {} };
  return { applies: true, promotion: redeemedOf(row!, verdict.discount, verdict.amount) };
}

/**
 * Redeems inside the caller's transaction (judgePromotion under the locks, then the counter and the
 * use). A code that does not apply throws the order's 422 (promotionRefusal); no code and no
 * automatic promotion that applies: null. The lock is held until the caller's transaction ends.
 */
export async function redeemPromotion(tx: Tx, truck: PromotionTruck, ask: PromotionAsk & { phone: string; orderId: string | null }, lang: Lang): Promise<Redeemed | null> {
  const judged = await judgePromotion(tx, truck, ask, true);
  if (!judged.applies) {
    if (judged.reason === 'none') return null;
    throw promotionRefusal(judged.reason, judged.params, truck, lang);
  }
  const { promotion } = judged;
  const [row] = await tx
    .update(promotions)
    .set({ uses: sql`${promotions.uses} + 1` })
    .where(and(eq(promotions.truckId, truck.id), eq(promotions.id, promotion.promotionId)))
    .returning({ onePerPhone: promotions.onePerPhone });
  await tx.insert(promotionRedemptions).values({
    truckId: truck.id,
    promotionId: promotion.promotionId,
    orderId: ask.orderId,
    phone: ask.phone,
    phoneKey: row?.onePerPhone ? ask.phone : null,
    discount: promotion.amount,
  });
  return promotion;
}

/** Gives an order's use back (its write did not happen): the redemption goes, the counter comes down. */
export async function releaseRedemption(db: Db, truckId: string, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx
      .delete(promotionRedemptions)
      .where(and(eq(promotionRedemptions.truckId, truckId), eq(promotionRedemptions.orderId, orderId)))
      .returning({ promotionId: promotionRedemptions.promotionId });
    if (released.length === 0) return;
    await tx
      .update(promotions)
      .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
      .where(and(eq(promotions.truckId, truckId), inArray(promotions.id, released.map((one) => one.promotionId))));
  });
}
