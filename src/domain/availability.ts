/**
 * "Is the truck open, and does it deliver here?": operating hours and delivery zones answered
 * together, for the public page and the order intake (which refuses with the same reasons).
 * The shift that matters is the one under way, or else the next one: it says where the truck
 * stands (the centre of zones that follow the truck) and whether it delivers at all.
 */
import { z } from 'zod';
import { isOpenAt, nextOpening, openStatus, OpenStatusViewSchema, openStatusView, type InstantInput, type ScheduledShift, type Schedule } from './hours';
import { DeliveryQuoteSchema, deliveryQuote, LatLngSchema, matchZone, type DeliveryQuote, type DeliveryZone, type LatLng, type PreparedZones } from './zones';

const optionalNumber = (schema: z.ZodNumber) => z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(schema).optional());

/** The public question's query string: a point (both or neither) and the basket's subtotal in minor units. */
export const AvailabilityQuerySchema = z
  .object({
    lat: optionalNumber(LatLngSchema.shape.lat),
    lng: optionalNumber(LatLngSchema.shape.lng),
    subtotal: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(z.int().nonnegative()).default(0)),
  })
  .superRefine((query, ctx) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lng'], params: { code: 'required' } });
    }
  });
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;

/** A truck that may not trade (not approved, a required document expired) takes no orders whatever its hours say. */
export const AvailabilityStatusSchema = z.union([
  OpenStatusViewSchema,
  z.object({ open: z.literal(false), reason: z.literal('not_trading'), opensAt: z.null() }),
]);

export const AvailabilitySchema = z.object({
  status: AvailabilityStatusSchema,
  /** Null when no point was asked about. */
  delivery: DeliveryQuoteSchema.nullable(),
  currency: z.string(),
  timeZone: z.string(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

type NamedZone = DeliveryZone & { id: string; name: string };

export interface AvailabilityFacts<Z extends NamedZone> {
  schedule: Schedule;
  zones: PreparedZones<Z>;
  /** The truck's base location: where it stands when no shift names a spot. */
  base: LatLng | null;
  /** False while the truck may not take orders at all (see trucks.ts tradingBlocks). */
  mayTrade: boolean;
}

/** The shift under way (open or paused), else the next one to open. */
function relevantShift(schedule: Schedule, at: InstantInput): ScheduledShift | undefined {
  const now = isOpenAt(schedule, at);
  if (now.open || now.reason === 'paused') return now.shift;
  return nextOpening(schedule, at)?.shift;
}

/** Where the truck stands at `at`, or will stand at its next shift; the base location when the shift names no spot. */
export function truckStopAt(schedule: Schedule, base: LatLng | null, at: InstantInput): LatLng | null {
  const spot = relevantShift(schedule, at)?.spot;
  return spot ? { lat: spot.lat, lng: spot.lng } : base;
}

/** Which zone delivers to `point` for `subtotal`, with the truck standing where its shifts put it. */
export function deliveryAt<Z extends NamedZone>(facts: Omit<AvailabilityFacts<Z>, 'mayTrade'>, point: LatLng, subtotal: number, at: InstantInput): DeliveryQuote {
  const shift = relevantShift(facts.schedule, at);
  if (shift && !shift.deliveryEnabled) return { delivers: false, reason: 'delivery_off' };
  const truckStop = shift?.spot ? { lat: shift.spot.lat, lng: shift.spot.lng } : facts.base ?? undefined;
  return deliveryQuote(matchZone(facts.zones, point, subtotal, truckStop ? { truckStop } : {}));
}

export function availabilityAt<Z extends NamedZone>(
  facts: AvailabilityFacts<Z>,
  at: InstantInput,
  ask?: { point: LatLng; subtotal: number },
): Omit<Availability, 'currency' | 'timeZone'> {
  const status: Availability['status'] = facts.mayTrade ? openStatusView(openStatus(facts.schedule, at)) : { open: false, reason: 'not_trading', opensAt: null };
  return { status, delivery: ask ? deliveryAt(facts, ask.point, ask.subtotal, at) : null };
}
