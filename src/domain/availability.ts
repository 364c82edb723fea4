/**
 * "Is the truck open, and does it deliver here?": operating hours and delivery zones answered
 * together, for the public page and the order intake (which refuses with the same reasons).
 * The shift that matters is the one under way, or else the next one: it says where the truck
 * stands (the centre of zones that follow the truck) and whether it delivers at all.
 */
import { z } from 'zod';
import { isOpenAt, nextChange, nextOpening, openStatus, OpenStatusViewSchema, openStatusView, toInstant, type InstantInput, type ScheduledShift, type Schedule, type Spot } from './hours';
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
  /** False while the truck may not take orders at all (see trucks/index.ts tradingBlocks). */
  mayTrade: boolean;
}

/** The shift under way (open or paused), else the next one to open. */
function relevantShift(schedule: Schedule, at: InstantInput): ScheduledShift | undefined {
  const now = isOpenAt(schedule, at);
  if (now.open || now.reason === 'paused') return now.shift;
  return nextOpening(schedule, at)?.shift;
}

/** The spot (address and point) the shift under way, or else the next one, names; undefined when it names none. */
export function shiftSpotAt(schedule: Schedule, at: InstantInput): Spot | undefined {
  return relevantShift(schedule, at)?.spot ?? undefined;
}

/** Where the truck stands at `at`, or will stand at its next shift; the base location when the shift names no spot. */
export function truckStopAt(schedule: Schedule, base: LatLng | null, at: InstantInput): LatLng | null {
  const spot = shiftSpotAt(schedule, at);
  return spot ? { lat: spot.lat, lng: spot.lng } : base;
}

/** Which zone delivers to `point` for `subtotal`, with the truck standing where its shifts put it. */
export function deliveryAt<Z extends NamedZone>(facts: Omit<AvailabilityFacts<Z>, 'mayTrade'>, point: LatLng, subtotal: number, at: InstantInput): DeliveryQuote {
  return deliveryFor(relevantShift(facts.schedule, at), facts, point, subtotal);
}

function deliveryFor<Z extends NamedZone>(shift: Pick<ScheduledShift, 'deliveryEnabled' | 'spot'> | undefined, facts: Pick<AvailabilityFacts<Z>, 'zones' | 'base'>, point: LatLng, subtotal: number): DeliveryQuote {
  if (shift && !shift.deliveryEnabled) return { delivers: false, reason: 'delivery_off' };
  const truckStop = shift?.spot ? { lat: shift.spot.lat, lng: shift.spot.lng } : facts.base ?? undefined;
  return deliveryQuote(matchZone(facts.zones, point, subtotal, truckStop ? { truckStop } : {}));
}

/**
 * What the hours say over a stretch of time, in epoch milliseconds: the same answer from `from` until
 * just before `until` (see nextChange). Working it out is the costly part (time zone arithmetic);
 * answering from it is not, so a server keeps one per truck until `until` or until the facts change.
 */
export interface AvailabilitySpan {
  from: number;
  until: number;
  status: Availability['status'];
  /** The shift under way (open or paused), else the next one: whether it delivers and where the truck stands. */
  shift: Pick<ScheduledShift, 'deliveryEnabled' | 'spot'> | undefined;
}

/** `mayTrade` must hold for the whole local date of `at` (a span never reaches past it). */
export function availabilitySpan(facts: Pick<AvailabilityFacts<NamedZone>, 'schedule' | 'mayTrade'>, at: InstantInput): AvailabilitySpan {
  const t = toInstant(at);
  const shift = relevantShift(facts.schedule, t);
  return {
    from: t.epochMilliseconds,
    until: nextChange(facts.schedule, t).epochMilliseconds,
    status: facts.mayTrade ? openStatusView(openStatus(facts.schedule, t)) : { open: false, reason: 'not_trading', opensAt: null },
    shift: shift && { deliveryEnabled: shift.deliveryEnabled, ...(shift.spot ? { spot: shift.spot } : {}) },
  };
}

/** The answer at any instant of the span, without time zone arithmetic. */
export function availabilityIn<Z extends NamedZone>(
  span: AvailabilitySpan,
  facts: Pick<AvailabilityFacts<Z>, 'zones' | 'base'>,
  ask?: { point: LatLng; subtotal: number },
): Omit<Availability, 'currency' | 'timeZone'> {
  return { status: span.status, delivery: ask ? deliveryFor(span.shift, facts, ask.point, ask.subtotal) : null };
}

export function availabilityAt<Z extends NamedZone>(
  facts: AvailabilityFacts<Z>,
  at: InstantInput,
  ask?: { point: LatLng; subtotal: number },
): Omit<Availability, 'currency' | 'timeZone'> {
  return availabilityIn(availabilitySpan(facts, at), facts, ask);
}
