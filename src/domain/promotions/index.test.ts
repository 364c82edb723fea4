import { describe, expect, it } from 'vitest';
import {
  bestAutomatic,
  discountAmount,
  inWindow,
  normalizeCode,
  PromotionCheckSchema,
  PromotionInputSchema,
  promotionVerdict,
  type PromotionContext,
  type PromotionRules,
} from './index';

const promotion = (extra: Partial<PromotionRules> = {}): PromotionRules => ({
  code: 'SUMMER10',
  active: true,
  discount: { kind: 'percent', basisPoints: 1000 },
  minSubtotal: 0,
  validFrom: null,
  validUntil: null,
  window: null,
  fulfilment: 'both',
  maxUses: null,
  onePerPhone: false,
  uses: 0,
  ...extra,
});
const context = (extra: Partial<PromotionContext> = {}): PromotionContext => ({
  now: new Date('2026-03-01T12:00:00Z'),
  timeZone: 'Asia/Kuwait',
  subtotal: 10_000,
  type: 'pickup',
  usedByPhone: false,
  ...extra,
});
const reasonOf = (p: PromotionRules | null, c: PromotionContext) => {
  const verdict = promotionVerdict(p, c);
  return verdict.applies ? 'applies' : verdict.reason;
};

describe('normalizeCode', () => {
  it('reads any case, Arabic-Indic and Persian digits, and drops spaces and tatweel', () => {
    expect(normalizeCode(' summer-١٠ ')).toBe('SUMMER-10');
    expect(normalizeCode('Eid ۲۰۲۶')).toBe('EID2026');
    expect(normalizeCode('عيـد٥')).toBe('عيد5');
    expect(normalizeCode('ＳＡＬＥ')).toBe('SALE');
  });

  it('is what the contract stores, and refuses codes too short or with other signs', () => {
    const base = { name: 'Summer', discount: { kind: 'percent', basisPoints: 1000 } };
    expect(PromotionInputSchema.parse({ ...base, code: 'summer ١٠' }).code).toBe('SUMMER10');
    for (const code of ['ab', 'A'.repeat(25), 'TEN%', 'a.b.c']) {
      const result = PromotionInputSchema.safeParse({ ...base, code });
      expect(result.success, code).toBe(false);
      expect((result.error?.issues[0] as { params?: unknown } | undefined)?.params).toMatchObject({ code: 'promotion_code_invalid' });
    }
  });
});

describe('the contract', () => {
  const base = { code: 'X10', name: 'Ten', discount: { kind: 'fixed', minor: 500 } };
  it('defaults to every fulfilment, no dates, no limits, active', () => {
    expect(PromotionInputSchema.parse(base)).toMatchObject({ minSubtotal: 0, validFrom: null, validUntil: null, window: null, fulfilment: 'both', maxUses: null, onePerPhone: false, active: true });
  });
  it('refuses a percentage above 100 %, a zero discount, an end before the start, an empty window', () => {
    const refused = (extra: object) => PromotionInputSchema.safeParse({ ...base, ...extra }).success;
    expect(refused({ discount: { kind: 'percent', basisPoints: 10_001 } })).toBe(false);
    expect(refused({ discount: { kind: 'percent', basisPoints: 0 } })).toBe(false);
    expect(refused({ discount: { kind: 'fixed', minor: 0 } })).toBe(false);
    expect(refused({ discount: { kind: 'fixed', minor: -5 } })).toBe(false);
    expect(refused({ validFrom: '2026-03-02T00:00', validUntil: '2026-03-01T00:00' })).toBe(false);
    expect(refused({ validFrom: '2026-02-30T00:00' })).toBe(false);
    expect(refused({ window: { days: ['mon'], from: '15:00', until: '15:00' } })).toBe(false);
    expect(refused({ window: { days: [], from: '15:00', until: '17:00' } })).toBe(false);
    expect(refused({ window: { days: ['mon'], from: '25:00', until: '17:00' } })).toBe(false);
    expect(refused({ maxUses: 0 })).toBe(false);
  });
  it('reads counts typed in Arabic-Indic digits and keeps weekdays in the week’s order', () => {
    const parsed = PromotionInputSchema.parse({ ...base, minSubtotal: '٢٠٠٠', maxUses: '٥٠', window: { days: ['fri', 'mon', 'fri'], from: '15:00', until: '17:00' } });
    expect(parsed).toMatchObject({ minSubtotal: 2000, maxUses: 50, window: { days: ['mon', 'fri'] } });
  });
  it('normalises the phone of a check', () => {
    expect(PromotionCheckSchema.parse({ code: 'x', subtotal: 1, type: 'pickup', phone: '+٩٦٥ ٥٥٥١-٢٣٤٥' }).phone).toBe('+96555512345');
  });
});

describe('discountAmount', () => {
  it('rounds a percentage half-up to the minor unit and never takes more than the subtotal', () => {
    expect(discountAmount({ kind: 'percent', basisPoints: 1000 }, 12_345)).toBe(1235); // 1234.5 → 1235
    expect(discountAmount({ kind: 'percent', basisPoints: 1500 }, 333)).toBe(50); // 49.95
    expect(discountAmount({ kind: 'percent', basisPoints: 10_000 }, 999)).toBe(999);
    expect(discountAmount({ kind: 'fixed', minor: 5000 }, 3000)).toBe(3000);
    expect(discountAmount({ kind: 'fixed', minor: 500 }, 0)).toBe(0);
  });
});

describe('promotionVerdict', () => {
  it('applies with its discount and the amount it takes off', () => {
    expect(promotionVerdict(promotion(), context())).toEqual({ applies: true, discount: { kind: 'percent', basisPoints: 1000 }, amount: 1000 });
  });

  it('treats no promotion and a switched-off one as an unknown code', () => {
    expect(reasonOf(null, context())).toBe('unknown_code');
    expect(reasonOf(promotion({ active: false }), context())).toBe('unknown_code');
  });

  it('reads validFrom and validUntil on the truck’s wall clock: Kuwait’s midnight is 21:00 UTC', () => {
    const p = promotion({ validFrom: '2026-03-01T00:00', validUntil: '2026-03-02T00:00' });
    expect(reasonOf(p, context({ now: new Date('2026-02-28T20:59:59Z') }))).toBe('not_started');
    expect(reasonOf(p, context({ now: new Date('2026-02-28T21:00:00Z') }))).toBe('applies');
    expect(reasonOf(p, context({ now: new Date('2026-03-01T20:59:59Z') }))).toBe('applies');
    expect(reasonOf(p, context({ now: new Date('2026-03-01T21:00:00Z') }))).toBe('expired');
    // The same wall clock in Dubai (UTC+4) ends an hour earlier in UTC.
    expect(reasonOf(p, context({ timeZone: 'Asia/Dubai', now: new Date('2026-03-01T20:00:00Z') }))).toBe('expired');
    expect(promotionVerdict(p, context({ now: new Date('2026-03-03T00:00:00Z') }))).toMatchObject({ params: { until: '2026-03-02T00:00' } });
  });

  it('follows daylight saving: New York’s 02:30 on the spring-forward night counts from the jump (03:00 EDT, 07:00 UTC)', () => {
    const p = promotion({ validFrom: '2026-03-08T02:30' });
    expect(reasonOf(p, context({ timeZone: 'America/New_York', now: new Date('2026-03-08T06:59:59Z') }))).toBe('not_started');
    expect(reasonOf(p, context({ timeZone: 'America/New_York', now: new Date('2026-03-08T07:00:00Z') }))).toBe('applies');
    // In November the repeated 01:30 counts at its first occurrence (EDT, 05:30 UTC).
    const ends = promotion({ validUntil: '2026-11-01T01:30' });
    expect(reasonOf(ends, context({ timeZone: 'America/New_York', now: new Date('2026-11-01T05:29:59Z') }))).toBe('applies');
    expect(reasonOf(ends, context({ timeZone: 'America/New_York', now: new Date('2026-11-01T05:30:00Z') }))).toBe('expired');
  });

  it('checks the fulfilment, the minimum, the uses and the phone, in that order', () => {
    expect(reasonOf(promotion({ fulfilment: 'delivery' }), context({ type: 'pickup' }))).toBe('wrong_fulfilment');
    expect(reasonOf(promotion({ fulfilment: 'delivery' }), context({ type: 'delivery' }))).toBe('applies');
    expect(promotionVerdict(promotion({ minSubtotal: 10_001 }), context())).toEqual({ applies: false, reason: 'min_subtotal', params: { minimum: 10_001 } });
    expect(reasonOf(promotion({ minSubtotal: 10_000 }), context())).toBe('applies');
    expect(reasonOf(promotion({ maxUses: 5, uses: 5 }), context())).toBe('used_up');
    expect(reasonOf(promotion({ maxUses: 5, uses: 4 }), context())).toBe('applies');
    expect(reasonOf(promotion({ onePerPhone: true }), context({ usedByPhone: true }))).toBe('already_used_by_phone');
    expect(reasonOf(promotion({ onePerPhone: false }), context({ usedByPhone: true }))).toBe('applies');
    // An expired code says so before the basket is judged.
    expect(reasonOf(promotion({ validUntil: '2026-01-01T00:00', minSubtotal: 99_999, fulfilment: 'delivery' }), context())).toBe('expired');
  });
});

describe('happy hour', () => {
  const happy = { days: ['fri', 'sat'] as const, from: '15:00', until: '17:00' };
  // 2026-03-06 is a Friday.
  it('applies on the chosen weekdays between the times, on the truck’s clock', () => {
    const at = (iso: string) => inWindow(happy, new Date(iso), 'Asia/Kuwait');
    expect(at('2026-03-06T11:59:59Z')).toBe(false); // 14:59:59 in Kuwait
    expect(at('2026-03-06T12:00:00Z')).toBe(true); // 15:00
    expect(at('2026-03-06T13:59:59Z')).toBe(true);
    expect(at('2026-03-06T14:00:00Z')).toBe(false); // 17:00: the end is not in it
    expect(at('2026-03-05T12:30:00Z')).toBe(false); // a Thursday
  });
  it('runs past midnight as part of the day it starts', () => {
    const late = { days: ['fri'] as const, from: '22:00', until: '02:00' };
    expect(inWindow(late, new Date('2026-03-06T19:30:00Z'), 'Asia/Kuwait')).toBe(true); // Fri 22:30
    expect(inWindow(late, new Date('2026-03-06T22:30:00Z'), 'Asia/Kuwait')).toBe(true); // Sat 01:30
    expect(inWindow(late, new Date('2026-03-07T19:30:00Z'), 'Asia/Kuwait')).toBe(false); // Sat 22:30
    expect(inWindow(late, new Date('2026-03-06T00:30:00Z'), 'Asia/Kuwait')).toBe(false); // Fri 03:30
  });
  it('is found among the automatic promotions, the largest discount winning', () => {
    const small = promotion({ code: null, window: happy, discount: { kind: 'fixed', minor: 500 } });
    const large = promotion({ code: null, window: happy, discount: { kind: 'percent', basisPoints: 1500 } });
    const coded = promotion({ discount: { kind: 'percent', basisPoints: 9000 } });
    const friday = context({ now: new Date('2026-03-06T12:30:00Z') });
    expect(bestAutomatic([small, large, coded], friday)).toMatchObject({ promotion: large, amount: 1500 });
    expect(bestAutomatic([small, large, coded], context({ now: new Date('2026-03-06T15:00:00Z') }))).toBeNull();
    expect(promotionVerdict(small, context({ now: new Date('2026-03-06T15:00:00Z') }))).toMatchObject({ reason: 'outside_hours' });
  });
});
