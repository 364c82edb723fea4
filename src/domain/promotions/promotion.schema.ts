/**
 * The contract of a promotion (issue 44) and of its endpoints. Refusals carry their own codes in
 * `params.code`, so the server and the client word them in either language.
 */
import { z } from 'zod';
import { PhoneSchema } from '../accounts';
import { countFromText } from '../digits';
import { CurrencySchema } from '../money';
import { WEEKDAYS } from '../hours/weekdays';
import {
  isValidCode,
  isWallDateTime,
  isWallTime,
  normalizeCode,
  PROMOTION_FULFILMENTS,
  PROMOTION_LIMITS,
  PROMOTION_REASONS,
} from './rules';

const MinorSchema = z.preprocess(countFromText, z.int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** A code as typed; stored and compared normalised (rules.ts normalizeCode). */
export const PromotionCodeSchema = z
  .string()
  .max(100, { abort: true })
  .transform(normalizeCode)
  .refine(isValidCode, { params: { code: 'promotion_code_invalid', min: PROMOTION_LIMITS.codeMin, max: PROMOTION_LIMITS.codeMax } })
  .meta({ example: 'SUMMER10' });

export const DiscountSpecSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('percent'), basisPoints: z.preprocess(countFromText, z.int().min(1).max(PROMOTION_LIMITS.basisPointsMax)) }),
  z.strictObject({ kind: z.literal('fixed'), minor: z.preprocess(countFromText, z.int().positive().max(Number.MAX_SAFE_INTEGER)) }),
]);

const WallDateTimeSchema = z.string().refine(isWallDateTime, { params: { code: 'invalid_format', format: 'YYYY-MM-DDTHH:MM' } });
const WallTimeSchema = z.string().refine(isWallTime, { params: { code: 'invalid_format', format: 'HH:MM' } });

export const PromotionWindowSchema = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).min(1).max(7).transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    from: WallTimeSchema,
    until: WallTimeSchema,
  })
  .refine((window) => window.from !== window.until, { path: ['until'], params: { code: 'promotion_window_empty' } });

export const PromotionInputSchema = z
  .strictObject({
    /** null: an automatic promotion, applied without a code whenever its dates and window allow. */
    code: PromotionCodeSchema.nullable(),
    name: z.string().trim().min(1).max(PROMOTION_LIMITS.nameMax),
    discount: DiscountSpecSchema,
    /** Minor units of the truck's currency, compared with the line subtotal. */
    minSubtotal: MinorSchema.default(0),
    /** The truck's wall clock, in its time zone: from (inclusive) and until (exclusive). */
    validFrom: WallDateTimeSchema.nullable().default(null),
    validUntil: WallDateTimeSchema.nullable().default(null),
    /** Only on these weekdays, between these times (a happy hour); null: all day. */
    window: PromotionWindowSchema.nullable().default(null),
    fulfilment: z.enum(PROMOTION_FULFILMENTS).default('both'),
    /** How many orders may use it in all; null: no limit. */
    maxUses: z.preprocess(countFromText, z.int().min(1).max(PROMOTION_LIMITS.maxUses)).nullable().default(null),
    onePerPhone: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((promotion, ctx) => {
    if (promotion.validFrom && promotion.validUntil && promotion.validUntil <= promotion.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], params: { code: 'promotion_until_before_from' } });
    }
  });
export type PromotionInput = z.infer<typeof PromotionInputSchema>;
export type PromotionInputDraft = z.input<typeof PromotionInputSchema>;

export const PromotionUpdateSchema = PromotionInputSchema.safeExtend({
  /** The version the editor loaded: a save over a newer one is refused (409). */
  version: z.int().positive(),
});
export type PromotionUpdate = z.infer<typeof PromotionUpdateSchema>;

const DiscountViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), basisPoints: z.int() }),
  z.object({ kind: z.literal('fixed'), minor: z.int() }),
]);

export const PromotionSchema = z.object({
  id: z.uuid(),
  code: z.string().nullable(),
  name: z.string(),
  discount: DiscountViewSchema,
  minSubtotal: z.int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  window: z.object({ days: z.array(z.enum(WEEKDAYS)), from: z.string(), until: z.string() }).nullable(),
  fulfilment: z.enum(PROMOTION_FULFILMENTS),
  maxUses: z.int().nullable(),
  onePerPhone: z.boolean(),
  active: z.boolean(),
  /** Orders that used it so far. */
  uses: z.int(),
  version: z.int(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionListSchema = z.object({
  promotions: z.array(PromotionSchema),
  /** Amounts are minor units of this currency; dates and times the truck's wall clock in this zone. */
  currency: CurrencySchema,
  timeZone: z.string(),
});
export type PromotionList = z.infer<typeof PromotionListSchema>;

/** The customer page's (and the phone-order dialog's) question: would this code apply to this basket now? */
export const PromotionCheckSchema = z.strictObject({
  /** Absent or empty: is there an automatic promotion now? */
  code: z.string().max(100).optional(),
  subtotal: MinorSchema,
  type: z.enum(['pickup', 'delivery']),
  /** With one-use-per-phone codes, whether this number used it already. */
  phone: PhoneSchema.optional(),
});
export type PromotionCheck = z.infer<typeof PromotionCheckSchema>;
export type PromotionCheckInput = z.input<typeof PromotionCheckSchema>;

export const PromotionPreviewSchema = z.discriminatedUnion('applies', [
  z.object({
    applies: z.literal(true),
    /** null: the automatic promotion applied without a code. */
    code: z.string().nullable(),
    name: z.string(),
    discount: DiscountViewSchema,
    /** What it takes off this subtotal, minor units. */
    amount: z.int(),
  }),
  z.object({
    applies: z.literal(false),
    reason: z.enum([...PROMOTION_REASONS, 'none']),
    /** minimum (minor units), from / until (the truck's wall clock), fulfilment. */
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    /** The reason worded in the request's language. */
    message: z.string(),
  }),
]);
export type PromotionPreview = z.infer<typeof PromotionPreviewSchema>;
