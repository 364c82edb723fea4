/**
 * Which zone delivers to a point, and at what fee: the check every delivery order passes at intake
 * (docs/product.md §2.8; other ordering apps are known to let out-of-zone orders through).
 */
import { deliveryFee } from './fee-rules';
import type { DeliveryZone, LatLng, Position } from './zone.schema';
import { PreparedZones } from './zone-index';

export type ZoneMatch<Z extends DeliveryZone = DeliveryZone> =
  | { ok: true; zone: Z; fee: number; estimatedMinutes: number }
  /** The smallest minimum among the zones around the point that turned the order down for it alone. */
  | { ok: false; reason: 'below_minimum'; minimumOrder: number }
  | { ok: false; reason: 'outside_all_zones' | 'no_delivery_for_subtotal' | 'no_active_zones' };

export interface MatchOptions {
  /** Where the truck stands now: the centre of 'truck-stop-circle' zones, which match nothing without it. */
  truckStop?: LatLng;
}

/** Lowest fee wins; ties go to the shortest estimate, then to the name (code-point order, the same in any locale). */
function betterThan(a: { zone: DeliveryZone; fee: number }, b: { zone: DeliveryZone; fee: number }): boolean {
  if (a.fee !== b.fee) return a.fee < b.fee;
  if (a.zone.estimatedMinutes !== b.zone.estimatedMinutes) return a.zone.estimatedMinutes < b.zone.estimatedMinutes;
  return a.zone.name < b.zone.name;
}

/**
 * Inactive zones are ignored. A zone around the point turns the order down when the subtotal is under
 * its minimum, or when its fee rules say "no delivery" for it; the reason reported is the kindest
 * (below_minimum, which more food can fix). Pass prepared zones on hot paths: raw ones are compiled per call.
 */
export function matchZone<Z extends DeliveryZone>(
  zones: readonly Z[] | PreparedZones<Z>,
  point: LatLng,
  subtotal: number,
  options: MatchOptions = {},
): ZoneMatch<Z> {
  const prepared = zones instanceof PreparedZones ? zones : new PreparedZones(zones);
  if (prepared.zones.length === 0) return { ok: false, reason: 'no_active_zones' };

  const { lng, lat } = point;
  const position: Position = [lng, lat];
  const truckStop: Position | undefined = options.truckStop && [options.truckStop.lng, options.truckStop.lat];
  const { bounds } = prepared;
  let best: { zone: Z; fee: number } | undefined;
  /** Zones that turn this order down: whether they surround the point matters only if no zone delivers. */
  const turnedDown: number[] = [];

  for (let i = 0; i < prepared.zones.length; i++) {
    const b = i * 4;
    if (lng < bounds[b]! || lat < bounds[b + 1]! || lng > bounds[b + 2]! || lat > bounds[b + 3]!) continue;
    const zone = prepared.zones[i]!;
    const fee = subtotal < zone.minimumOrder ? null : deliveryFee(zone.feeRules, subtotal);
    if (fee === null) {
      turnedDown.push(i);
      continue;
    }
    const candidate = { zone, fee };
    // Containment is the costly test (a polygon walks every edge): run it only for a zone that would win.
    if (best && !betterThan(candidate, best)) continue;
    if (prepared.contains[i]!(position, truckStop)) best = candidate;
  }
  if (best) return { ok: true, zone: best.zone, fee: best.fee, estimatedMinutes: best.zone.estimatedMinutes };

  let around = false;
  let smallestMinimum = Infinity;
  for (const i of turnedDown) {
    if (!prepared.contains[i]!(position, truckStop)) continue;
    around = true;
    const { minimumOrder } = prepared.zones[i]!;
    if (subtotal < minimumOrder) smallestMinimum = Math.min(smallestMinimum, minimumOrder);
  }
  if (!around) return { ok: false, reason: 'outside_all_zones' };
  if (smallestMinimum !== Infinity) return { ok: false, reason: 'below_minimum', minimumOrder: smallestMinimum };
  return { ok: false, reason: 'no_delivery_for_subtotal' };
}
