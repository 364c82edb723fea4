/** The demo truck's promotions pass the contract and show a code that applies and a happy hour to switch on. */
import { PromotionInputSchema, promotionVerdict } from '@domain/promotions';
import { describe, expect, it } from 'vitest';
import { demoPromotions } from './demo-promotions';

describe('demo promotions', () => {
  it('parse, and the welcome code applies today to a basket above its minimum', () => {
    const now = new Date();
    const parsed = demoPromotions(now).map((promotion) => PromotionInputSchema.parse(promotion));
    expect(parsed.map((p) => [p.code, p.active])).toEqual([['WELCOME10', true], [null, false]]);
    const verdict = promotionVerdict({ ...parsed[0]!, uses: 0 }, { now, timeZone: 'Asia/Kuwait', subtotal: 5000, type: 'pickup', usedByPhone: false });
    expect(verdict).toMatchObject({ applies: true, amount: 500 });
  });
});
