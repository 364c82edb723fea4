/**
 * Promotions (issue 44): the pure rules, without zod, so the customer's truck page can normalise a
 * code and preview a discount without the schemas. A promotion is a code (or none: automatic, such
 * as a happy hour) giving a percentage or a fixed amount off the order's line subtotal, within dates
 * on the truck's own wall clock, optionally on chosen weekdays between two times, for pickup,
 * delivery or both, with an optional total number of uses and at most one use per phone number.
 *
 * Dates and times are the truck's wall clock (`2026-03-01T00:00` in its time zone), never UTC: an
 * owner in Kuwait who says "until 1 March" means Kuwait's midnight. `validFrom` counts from its first
 * instant, `validUntil` is the first instant the promotion no longer applies.
 */
import { Temporal } from 'temporal-polyfill';
import { wallClockInstant } from '../hours/wall-clock';
import { WEEKDAYS, weekdayOf, type Weekday } from '../hours/weekdays';
import { latinDigits } from '../money/minor';
import { discountOf, type DiscountSpec } from '../money/order-totals';

/** The discount an order gets, as the money core's orderTotals takes it: off the line subtotal. */
export type { DiscountSpec } from '../money/order-totals';

export const PROMOTION_FULFILMENTS = ['pickup', 'delivery', 'both'] as const;
export type PromotionFulfilment = (typeof PROMOTION_FULFILMENTS)[number];

export const PROMOTION_LIMITS = {
  codeMin: 3,
  codeMax: 24,
  nameMax: 80,
  /** 100 % in basis points. */
  basisPointsMax: 10_000,
  /** A truck's promotions stay a short list (an automatic one is looked for at every order). */
  perTruck: 200,
  maxUses: 1_000_000,
} as const;

/** Why a promotion does not apply, in the order they are checked. */
export const PROMOTION_REASONS = [
  'unknown_code',
  'not_started',
  'expired',
  'outside_hours',
  'wrong_fulfilment',
  'min_subtotal',
  'used_up',
  'already_used_by_phone',
] as const;
export type PromotionReason = (typeof PROMOTION_REASONS)[number];

/** The error (and field) code a refused promotion answers with: `promotion_expired`… */
export const promotionErrorCode = (reason: PromotionReason) => `promotion_${reason}` as const;
export const PROMOTION_ERROR_CODES = PROMOTION_REASONS.map(promotionErrorCode);

/** Weekdays and a daily time window (`HH:MM`, until exclusive; until before from runs past midnight). */
export interface PromotionWindow {
  days: readonly Weekday[];
  from: string;
  until: string;
}

/** What the verdict reads of a stored promotion. */
export interface PromotionRules {
  code: string | null;
  active: boolean;
  discount: DiscountSpec;
  minSubtotal: number;
  /** Wall-clock date-times in the truck's time zone (`YYYY-MM-DDTHH:MM`); null: no bound. */
  validFrom: string | null;
  validUntil: string | null;
  window: PromotionWindow | null;
  fulfilment: PromotionFulfilment;
  maxUses: number | null;
  onePerPhone: boolean;
  /** Uses so far (the counter the redemption raises). */
  uses: number;
}

export interface PromotionContext {
  now: Date;
  timeZone: string;
  /** The order's line subtotal, minor units. */
  subtotal: number;
  type: 'pickup' | 'delivery';
  /** Whether this phone number has used the promotion already (only read when onePerPhone). */
  usedByPhone: boolean;
}

export type PromotionVerdict =
  | { applies: true; discount: DiscountSpec; amount: number }
  | { applies: false; reason: PromotionReason; params?: Record<string, string | number> };

/**
 * A code as people type it: any case, Arabic-Indic or Persian digits, spaces and dashes around
 * ("summer-١٠ " is "SUMMER-10"); letters of any script stay as typed otherwise.
 */
export function normalizeCode(text: string): string {
  return latinDigits(text.normalize('NFKC')).replace(/[\s\u200e\u200f\u061c\u0640]/g, '').toUpperCase();
}

/** A normalised code has letters, digits, '-' and '_' only, and a length within the limits. */
export function isValidCode(code: string): boolean {
  return code.length >= PROMOTION_LIMITS.codeMin && code.length <= PROMOTION_LIMITS.codeMax && /^[\p{L}\p{N}_-]+$/u.test(code);
}

/**
 * The preview of what a discount takes off a subtotal: a percentage rounded half-up to the minor
 * unit, never more than the subtotal. The order's own figure is the money core's (orderTotals).
 */
export function discountAmount(discount: DiscountSpec, subtotal: number): number {
  return subtotal <= 0 ? 0 : discountOf(subtotal, discount);
}

const WALL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const WALL_TIME = /^(\d{2}):(\d{2})$/;

export const isWallDateTime = (text: string): boolean => {
  if (!WALL_DATE_TIME.test(text)) return false;
  try {
    Temporal.PlainDateTime.from(text, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
};
export const isWallTime = (text: string): boolean => {
  const match = WALL_TIME.exec(text);
  return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60;
};

/** The instant the truck's clock first shows a wall date-time (a skipped time counts at the jump). */
export function wallInstant(wall: string, timeZone: string): Temporal.Instant {
  const at = Temporal.PlainDateTime.from(wall);
  return wallClockInstant(at.toPlainDate(), at.toPlainTime(), timeZone);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the truck's clock at `now` is inside the window (a window past midnight belongs to the day it starts). */
export function inWindow(window: PromotionWindow, now: Date, timeZone: string): boolean {
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  const minute = local.hour * 60 + local.minute;
  const from = minutesOf(window.from);
  const until = minutesOf(window.until);
  const today = weekdayOf(local.toPlainDate());
  const yesterday = weekdayOf(local.toPlainDate().subtract({ days: 1 }));
  if (from < until) return window.days.includes(today) && minute >= from && minute < until;
  // Runs past midnight (22:00–02:00): tonight's part, or the part after midnight of yesterday's.
  return (window.days.includes(today) && minute >= from) || (window.days.includes(yesterday) && minute < until);
}

/**
 * Whether a promotion applies to an order, and with what discount; or the first reason it does
 * not, in PROMOTION_REASONS' order (a code that is not live is told as such before the basket is
 * looked at: "expired" says more than "add 2 KWD"). An inactive promotion is an unknown code: a
 * customer learns nothing of codes the owner switched off.
 */
export function promotionVerdict(promotion: PromotionRules | null | undefined, context: PromotionContext): PromotionVerdict {
  if (!promotion || !promotion.active) return { applies: false, reason: 'unknown_code' };
  const now = context.now.getTime();
  if (promotion.validFrom !== null && now < wallInstant(promotion.validFrom, context.timeZone).epochMilliseconds) {
    return { applies: false, reason: 'not_started', params: { from: promotion.validFrom } };
  }
  if (promotion.validUntil !== null && now >= wallInstant(promotion.validUntil, context.timeZone).epochMilliseconds) {
    return { applies: false, reason: 'expired', params: { until: promotion.validUntil } };
  }
  if (promotion.window && !inWindow(promotion.window, context.now, context.timeZone)) {
    return { applies: false, reason: 'outside_hours', params: { from: promotion.window.from, until: promotion.window.until } };
  }
  if (promotion.fulfilment !== 'both' && promotion.fulfilment !== context.type) {
    return { applies: false, reason: 'wrong_fulfilment', params: { fulfilment: promotion.fulfilment } };
  }
  if (context.subtotal < promotion.minSubtotal) return { applies: false, reason: 'min_subtotal', params: { minimum: promotion.minSubtotal } };
  if (promotion.maxUses !== null && promotion.uses >= promotion.maxUses) return { applies: false, reason: 'used_up' };
  if (promotion.onePerPhone && context.usedByPhone) return { applies: false, reason: 'already_used_by_phone' };
  return { applies: true, discount: promotion.discount, amount: discountAmount(promotion.discount, context.subtotal) };
}

/**
 * Of the automatic promotions (no code), the one that applies now and takes the most off this
 * subtotal (the earliest listed on a tie); null when none applies.
 */
export function bestAutomatic<P extends PromotionRules>(promotions: readonly P[], context: PromotionContext): { promotion: P; discount: DiscountSpec; amount: number } | null {
  let best: { promotion: P; discount: DiscountSpec; amount: number } | null = null;
  for (const promotion of promotions) {
    if (promotion.code !== null) continue;
    const verdict = promotionVerdict(promotion, context);
    if (verdict.applies && (!best || verdict.amount > best.amount)) best = { promotion, discount: verdict.discount, amount: verdict.amount };
  }
  return best;
}

export { WEEKDAYS, type Weekday };
