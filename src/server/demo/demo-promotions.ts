/**
 * The demo truck's promotions (issue 44): a welcome code customers can type in the basket, and a
 * happy hour seeded switched off (an automatic promotion applies to every order in its hours, so the
 * owner switches it on to try it; the journeys' totals stay as the menu says).
 */
import { PromotionInputSchema, type PromotionInputDraft } from '@domain/promotions';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/database';
import { promotions } from '../db/tables/promotions';
import { trucks } from '../db/tables/trucks';

const TIME_ZONE = 'Asia/Kuwait';

export function demoPromotions(now: Date): PromotionInputDraft[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(TIME_ZONE).toPlainDate();
  return [
    {
      code: 'WELCOME10',
      name: 'Welcome: 10% off your first order',
      discount: { kind: 'percent', basisPoints: 1000 },
      minSubtotal: 2000,
      validFrom: `${today.toString()}T00:00`,
      validUntil: `${today.add({ days: 90 }).toString()}T00:00`,
      maxUses: 500,
      onePerPhone: true,
    },
    {
      code: null,
      name: 'Happy hour',
      discount: { kind: 'fixed', minor: 500 },
      minSubtotal: 3000,
      window: { days: ['sun', 'mon', 'tue', 'wed', 'thu'], from: '15:00', until: '17:00' },
      active: false,
    },
  ];
}

export async function seedDemoPromotions(db: Db, truckId: string, now = new Date()): Promise<void> {
  const [truck] = await db.select({ id: trucks.id }).from(trucks).where(eq(trucks.id, truckId));
  if (!truck) return;
  await db
    .insert(promotions)
    .values(demoPromotions(now).map((promotion) => ({ truckId, ...PromotionInputSchema.parse(promotion) })))
    .onConflictDoNothing();
}
