/**
 * The contract of a delivery zone (docs/product.md §2.8). Refusals carry their own codes in
 * `params.code` so the server and the client can word them in either language.
 */
import { polygon } from '@turf/helpers';
import { kinks } from '@turf/kinks';
import { z } from 'zod';
import { MAX_POLYGON_VERTICES, MAX_RADIUS_M, MIN_POLYGON_VERTICES } from './limits';

export { MAX_POLYGON_VERTICES, MAX_RADIUS_M, MIN_POLYGON_VERTICES };

export const LatLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type LatLng = z.infer<typeof LatLngSchema>;

/** GeoJSON order: [longitude, latitude]. */
export const PositionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export type Position = z.infer<typeof PositionSchema>;

const RadiusSchema = z
  .number()
  .positive()
  .superRefine((radiusM, ctx) => {
    if (radiusM > MAX_RADIUS_M) ctx.addIssue({ code: 'custom', params: { code: 'radius_too_large', maximum: MAX_RADIUS_M } });
  });

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * The ring as GeoJSON wants it, closed (first position repeated last), whether or not the editor
 * closed it; repeated consecutive positions (a double click) are dropped.
 */
export function closedRing(positions: readonly Position[]): Position[] {
  const ring = positions.filter((position, i) => i === 0 || !samePosition(position, positions[i - 1]!));
  while (ring.length > 1 && samePosition(ring[0]!, ring.at(-1)!)) ring.pop();
  return ring.length > 0 ? [...ring, ring[0]!] : ring;
}

/**
 * Matching treats longitude and latitude as a plane, so an edge may not take the long way round: two
 * consecutive vertices more than 180° of longitude apart mean the edge meant to cross the antimeridian
 * (179° → -179°), which this plane would draw right across the globe. Such zones are refused rather
 * than guessed at; a truck near ±180° draws its zone on one side.
 */
function crossesAntimeridian(ring: readonly Position[]): boolean {
  return ring.some((position, i) => i > 0 && Math.abs(position[0] - ring[i - 1]![0]) > 180);
}

const RingSchema = z
  .array(PositionSchema)
  .overwrite(closedRing)
  .superRefine((ring, ctx) => {
    const count = Math.max(ring.length - 1, 0);
    if (count < MIN_POLYGON_VERTICES) {
      ctx.addIssue({ code: 'custom', params: { code: 'polygon_too_few_vertices', minimum: MIN_POLYGON_VERTICES, count } });
      return;
    }
    if (count > MAX_POLYGON_VERTICES) {
      ctx.addIssue({ code: 'custom', params: { code: 'polygon_too_many_vertices', maximum: MAX_POLYGON_VERTICES, count } });
      return;
    }
    if (crossesAntimeridian(ring)) {
      ctx.addIssue({ code: 'custom', params: { code: 'polygon_crosses_antimeridian' } });
      return;
    }
    const [crossing] = kinks(polygon([ring])).features;
    if (crossing) {
      const [lng, lat] = crossing.geometry.coordinates;
      ctx.addIssue({ code: 'custom', params: { code: 'polygon_self_intersecting', lng, lat } });
    }
  });

export const CircleShapeSchema = z.object({ kind: z.literal('circle'), center: LatLngSchema, radiusM: RadiusSchema });
/** A circle around wherever the truck is parked: the caller passes the current stop when matching. */
export const TruckStopCircleShapeSchema = z.object({ kind: z.literal('truck-stop-circle'), radiusM: RadiusSchema });
/** `coordinates` is one GeoJSON ring (no holes), normalised to a closed ring. */
export const PolygonShapeSchema = z.object({ kind: z.literal('polygon'), coordinates: RingSchema });

export const ZoneShapeSchema = z.discriminatedUnion('kind', [CircleShapeSchema, TruckStopCircleShapeSchema, PolygonShapeSchema]);
export type ZoneShape = z.infer<typeof ZoneShapeSchema>;

/** Money in the truck currency's minor units. */
const MinorUnitsSchema = z.int().nonnegative();
/** null: no delivery for the orders this rule catches. */
const FeeSchema = MinorUnitsSchema.nullable();

/**
 * Rules are tried in order and the first that fits names the fee. 'above' fits a subtotal at or over
 * its threshold, 'below' one under it, so the pair "above 10.000 → free, below 10.000 → 1.000" leaves no gap.
 */
export const FeeRuleSchema = z.discriminatedUnion('when', [
  z.object({ when: z.literal('all'), fee: FeeSchema }),
  z.object({ when: z.literal('above'), subtotal: MinorUnitsSchema, fee: FeeSchema }),
  z.object({ when: z.literal('below'), subtotal: MinorUnitsSchema, fee: FeeSchema }),
]);
export type FeeRule = z.infer<typeof FeeRuleSchema>;

export const DeliveryZoneSchema = z.object({
  name: z.string().trim().min(1).max(80),
  shape: ZoneShapeSchema,
  feeRules: z.array(FeeRuleSchema).min(1).max(20),
  minimumOrder: MinorUnitsSchema.default(0),
  estimatedMinutes: z.int().min(1).max(24 * 60),
  active: z.boolean().default(true),
});
export type DeliveryZone = z.infer<typeof DeliveryZoneSchema>;
export type DeliveryZoneInput = z.input<typeof DeliveryZoneSchema>;
