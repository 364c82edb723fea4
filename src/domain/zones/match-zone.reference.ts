/**
 * The obvious matcher: every zone, no boxes, sort what contains the point. Slow on purpose and written
 * apart from matchZone, it is the oracle of the property tests and the baseline of bench/zones.bench.ts.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import { point as turfPoint, polygon } from '@turf/helpers';
import type { MatchOptions, ZoneMatch } from './match-zone';
import type { DeliveryZone, FeeRule, LatLng } from './zone.schema';

function containsPoint(zone: DeliveryZone, point: LatLng, truckStop: LatLng | undefined): boolean {
  const at = turfPoint([point.lng, point.lat]);
  const shape = zone.shape;
  if (shape.kind === 'polygon') return booleanPointInPolygon(at, polygon([shape.coordinates]));
  const center = shape.kind === 'circle' ? shape.center : truckStop;
  return center !== undefined && distance(at, turfPoint([center.lng, center.lat]), { units: 'meters' }) <= shape.radiusM;
}

function feeFor(rules: readonly FeeRule[], subtotal: number): number | null {
  const rule = rules.find((r) => r.when === 'all' || (r.when === 'above' && subtotal >= r.subtotal) || (r.when === 'below' && subtotal < r.subtotal));
  return rule ? rule.fee : null;
}

export function matchZoneBruteForce<Z extends DeliveryZone>(zones: readonly Z[], point: LatLng, subtotal: number, options: MatchOptions = {}): ZoneMatch<Z> {
  const active = zones.filter((zone) => zone.active);
  if (active.length === 0) return { ok: false, reason: 'no_active_zones' };
  const around = active.filter((zone) => containsPoint(zone, point, options.truckStop));
  if (around.length === 0) return { ok: false, reason: 'outside_all_zones' };

  const offers = around
    .filter((zone) => subtotal >= zone.minimumOrder)
    .map((zone) => ({ zone, fee: feeFor(zone.feeRules, subtotal) }))
    .filter((offer): offer is { zone: Z; fee: number } => offer.fee !== null)
    .sort((a, b) => a.fee - b.fee || a.zone.estimatedMinutes - b.zone.estimatedMinutes || (a.zone.name < b.zone.name ? -1 : a.zone.name > b.zone.name ? 1 : 0));
  const [best] = offers;
  if (best) return { ok: true, zone: best.zone, fee: best.fee, estimatedMinutes: best.zone.estimatedMinutes };

  const minimums = around.filter((zone) => subtotal < zone.minimumOrder).map((zone) => zone.minimumOrder);
  if (minimums.length > 0) return { ok: false, reason: 'below_minimum', minimumOrder: Math.min(...minimums) };
  return { ok: false, reason: 'no_delivery_for_subtotal' };
}
