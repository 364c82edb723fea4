/**
 * What the zone endpoints take and answer. Requests go through DeliveryZoneSchema (every shape rule);
 * answers use plain shapes, since what was stored has passed those rules already.
 */
import { z } from 'zod';
import { CurrencySchema } from '../money';
import type { ZoneMatch } from './match-zone';
import { DeliveryZoneSchema, FeeRuleSchema, LatLngSchema, PositionSchema } from './zone.schema';

/** A truck's zones stay a short list to scan at every delivery order (bench/zones.bench.ts measures this many). */
export const MAX_ZONES_PER_TRUCK = 200;

export const ZoneUpdateSchema = DeliveryZoneSchema.extend({
  /** The version the editor loaded: a save over someone else's newer one is refused (409). */
  version: z.int().positive(),
});
export type ZoneUpdate = z.infer<typeof ZoneUpdateSchema>;

const ZoneShapeViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('circle'), center: LatLngSchema, radiusM: z.number() }),
  z.object({ kind: z.literal('truck-stop-circle'), radiusM: z.number() }),
  z.object({ kind: z.literal('polygon'), coordinates: z.array(PositionSchema) }),
]);

export const ZoneSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  shape: ZoneShapeViewSchema,
  feeRules: z.array(FeeRuleSchema),
  minimumOrder: z.int(),
  estimatedMinutes: z.int(),
  active: z.boolean(),
  version: z.int(),
});
export type Zone = z.infer<typeof ZoneSchema>;

export const ZoneListSchema = z.object({
  zones: z.array(ZoneSchema),
  /** Where 'truck-stop-circle' zones are centred now; null when the truck has no known stop. */
  truckStop: LatLngSchema.nullable(),
  /** The truck's base location (truck details), marked on the map; null when it has none. */
  base: LatLngSchema.nullable(),
  /** Where the shift under way (or else the next one) parks the truck, marked on the map; null when no shift names a spot. */
  parkingSpot: LatLngSchema.extend({ address: z.string() }).nullable(),
  /** Fees and minimums are minor units of this currency. */
  currency: CurrencySchema,
});
export type ZoneList = z.infer<typeof ZoneListSchema>;

/** Minor units of the truck's currency. */
const SubtotalSchema = z.int().nonnegative();

export const ZoneTestSchema = z.strictObject({
  lat: LatLngSchema.shape.lat,
  lng: LatLngSchema.shape.lng,
  subtotal: SubtotalSchema.default(0),
});
export type ZoneTest = z.infer<typeof ZoneTestSchema>;
export type ZoneTestInput = z.input<typeof ZoneTestSchema>;

export const NO_DELIVERY_REASONS = ['outside_all_zones', 'below_minimum', 'no_delivery_for_subtotal', 'no_active_zones', 'delivery_off'] as const;
export type NoDeliveryReason = (typeof NO_DELIVERY_REASONS)[number];

/** The answer for one address: which zone, at what fee and how soon; or why not. */
export const DeliveryQuoteSchema = z.discriminatedUnion('delivers', [
  z.object({
    delivers: z.literal(true),
    zone: z.object({ id: z.uuid(), name: z.string() }),
    fee: z.int(),
    estimatedMinutes: z.int(),
  }),
  z.object({
    delivers: z.literal(false),
    reason: z.enum(NO_DELIVERY_REASONS),
    /** With below_minimum: the smallest minimum order among the zones around the point. */
    minimumOrder: z.int().optional(),
  }),
]);
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;

export function deliveryQuote(match: ZoneMatch<{ id: string; name: string } & z.infer<typeof DeliveryZoneSchema>>): DeliveryQuote {
  if (match.ok) return { delivers: true, zone: { id: match.zone.id, name: match.zone.name }, fee: match.fee, estimatedMinutes: match.estimatedMinutes };
  if (match.reason === 'below_minimum') return { delivers: false, reason: match.reason, minimumOrder: match.minimumOrder };
  return { delivers: false, reason: match.reason };
}
