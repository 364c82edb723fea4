/**
 * Zones compiled once for many lookups: each gets a bounding box (a few comparisons reject most zones
 * for a point) and a ready containment test. Build it when zones change, not per order.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import { degreesToRadians, earthRadius, polygon, radiansToDegrees } from '@turf/helpers';
import { closedRing, type DeliveryZone, type LatLng, type Position, type ZoneShape } from './zone.schema';

/** Positions are GeoJSON's [lng, lat], what turf takes without wrapping. */
type Contains = (point: Position, truckStop: Position | undefined) => boolean;

/** [minLng, minLat, maxLng, maxLat], the GeoJSON bbox order. */
type Bounds = [number, number, number, number];

const WHOLE_WORLD: Bounds = [-180, -90, 180, 90];
/** Widens circle boxes so rounding never rejects a point the exact distance test would accept. */
const BOUNDS_MARGIN = 1 + 1e-6;

/** Great-circle (haversine) distance; a point exactly at the radius counts as inside. */
function withinRadius(point: Position, center: Position, radiusM: number): boolean {
  return distance(point, center, { units: 'meters' }) <= radiusM;
}

/** The box around a spherical cap; the whole world when it reaches a pole or crosses ±180°. */
function circleBounds(center: LatLng, radiusM: number): Bounds {
  const angle = (radiusM / earthRadius) * BOUNDS_MARGIN;
  const dLat = radiansToDegrees(angle);
  if (center.lat + dLat >= 90 || center.lat - dLat <= -90) return WHOLE_WORLD;
  const dLng = radiansToDegrees(Math.asin(Math.min(1, Math.sin(angle) / Math.cos(degreesToRadians(center.lat)))));
  if (center.lng - dLng < -180 || center.lng + dLng > 180) return WHOLE_WORLD;
  return [center.lng - dLng, center.lat - dLat, center.lng + dLng, center.lat + dLat];
}

function ringBounds(ring: readonly Position[]): Bounds {
  const bounds: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of ring) {
    bounds[0] = Math.min(bounds[0], lng);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lng);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}

function compileShape(shape: ZoneShape): { bounds: Bounds; contains: Contains } {
  switch (shape.kind) {
    case 'circle': {
      const center: Position = [shape.center.lng, shape.center.lat];
      return { bounds: circleBounds(shape.center, shape.radiusM), contains: (point) => withinRadius(point, center, shape.radiusM) };
    }
    case 'truck-stop-circle':
      // Centred on wherever the truck stands at lookup time, so no box can be drawn ahead; without a stop it matches nothing.
      return {
        bounds: WHOLE_WORLD,
        contains: (point, truckStop) => truckStop !== undefined && withinRadius(point, truckStop, shape.radiusM),
      };
    case 'polygon': {
      const { geometry } = polygon([closedRing(shape.coordinates)]);
      // Points on an edge or a vertex count as inside (turf's default, decided exactly by robust predicates).
      return { bounds: ringBounds(shape.coordinates), contains: (point) => booleanPointInPolygon(point, geometry) };
    }
  }
}

export class PreparedZones<Z extends DeliveryZone = DeliveryZone> {
  /** The active zones, in the order given. */
  readonly zones: readonly Z[];
  /** Four numbers per zone, in `Bounds` order, kept flat so the scan stays in cache. */
  readonly bounds: Float64Array;
  readonly contains: readonly Contains[];

  constructor(zones: readonly Z[]) {
    this.zones = zones.filter((zone) => zone.active);
    this.bounds = new Float64Array(this.zones.length * 4);
    this.contains = this.zones.map((zone, i) => {
      const compiled = compileShape(zone.shape);
      this.bounds.set(compiled.bounds, i * 4);
      return compiled.contains;
    });
  }
}

/** Compiles zones for matchZone; inactive zones are left out. */
export function prepareZones<Z extends DeliveryZone>(zones: readonly Z[]): PreparedZones<Z> {
  return new PreparedZones(zones);
}
