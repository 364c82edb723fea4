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
  PROMOTION_LIMITS,
  promotionErrorCode,
  reasonValues,
  type Promotion,
  type PromotionCheck,
  type PromotionInput,
  type PromotionList,
  type PromotionPreview,
  type PromotionUpdate,
} from '@domain/promotions';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { judgePromotion, redeemPromotion } from '../../db/queries/promotions';
import { promotions } from '../../db/tables/promotions';
import { trucks } from '../../db/tables/trucks';
import { messages } from '../../platform/i18n';
import type { TruckRow } from '../../platform/truck-access';

type PromotionRow = typeof promotions.$inferSelect;

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

export { redeemPromotion };

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
    const judged = await judgePromotion(db, truck, { code: ask.code, phone: ask.phone ?? null, subtotal: ask.subtotal, type: ask.type, now });
    if (judged.applies) {
      const { code, name, discount, amount } = judged.promotion;
      return { applies: true, code, name, discount, amount };
    }
    const code = judged.reason === 'none' ? 'promotion_none' : promotionErrorCode(judged.reason);
    const message = errorMessage(messages(lang), code, reasonValues(judged.params, truck.currency as Currency, lang, true));
    return { applies: false, reason: judged.reason, params: judged.params, message };
  }

  return { list, create, update, remove, check, redeem: redeemPromotion };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
