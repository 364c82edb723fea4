import { distance } from '@turf/distance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import arFields from '../i18n/ar/fields.json';
import enFields from '../i18n/en/fields.json';
import { DeliveryZoneSchema, matchZone, prepareZones, type DeliveryZone, type DeliveryZoneInput, type LatLng, type Position } from './index';
import { matchZoneBruteForce } from './match-zone.reference';

const zone = (input: DeliveryZoneInput): DeliveryZone => DeliveryZoneSchema.parse(input);
const flat = (fee: number | null) => [{ when: 'all' as const, fee }];

function codesOf(input: unknown) {
  const result = DeliveryZoneSchema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), params: 'params' in issue ? issue.params : undefined }));
}

const polygonZone = (coordinates: Position[], extra: Partial<DeliveryZoneInput> = {}): DeliveryZoneInput => ({
  name: 'Polygon',
  shape: { kind: 'polygon', coordinates },
  feeRules: flat(500),
  estimatedMinutes: 30,
  ...extra,
});
const circleZone = (center: LatLng, radiusM: number, extra: Partial<DeliveryZoneInput> = {}): DeliveryZoneInput => ({
  name: 'Circle',
  shape: { kind: 'circle', center, radiusM },
  feeRules: flat(500),
  estimatedMinutes: 30,
  ...extra,
});

// Sharq, Kuwait City: a 0.1° square.
const square: Position[] = [
  [48.0, 29.3],
  [48.1, 29.3],
  [48.1, 29.4],
  [48.0, 29.4],
];

describe('DeliveryZoneSchema', () => {
  it('closes an open ring and keeps a closed one, dropping repeated points', () => {
    const open = zone(polygonZone(square));
    const closed = zone(polygonZone([...square, square[0]!]));
    const repeated = zone(polygonZone([square[0]!, square[1]!, square[1]!, square[2]!, square[3]!, square[0]!, square[0]!]));
    const expected = [...square, square[0]];
    for (const parsed of [open, closed, repeated]) expect(parsed.shape.kind === 'polygon' && parsed.shape.coordinates).toEqual(expected);
  });

  it('takes 3 to 200 vertices, counted without the closing repeat', () => {
    const triangle = square.slice(0, 3);
    expect(codesOf(polygonZone(triangle))).toEqual([]);
    expect(codesOf(polygonZone([...triangle.slice(0, 2), triangle[0]!]))).toEqual([
      { path: 'shape.coordinates', params: { code: 'polygon_too_few_vertices', minimum: 3, count: 2 } },
    ]);
    const ring = (n: number): Position[] =>
      Array.from({ length: n }, (_, i) => [48 + 0.05 * Math.cos((2 * Math.PI * i) / n), 29.3 + 0.05 * Math.sin((2 * Math.PI * i) / n)]);
    expect(codesOf(polygonZone(ring(200)))).toEqual([]);
    expect(codesOf(polygonZone(ring(201)))).toEqual([
      { path: 'shape.coordinates', params: { code: 'polygon_too_many_vertices', maximum: 200, count: 201 } },
    ]);
  });

  it('refuses a self-intersecting ring and says where it crosses', () => {
    const bowTie: Position[] = [
      [48.0, 29.3],
      [48.1, 29.4],
      [48.1, 29.3],
      [48.0, 29.4],
    ];
    const [issue] = codesOf(polygonZone(bowTie));
    expect(issue).toMatchObject({ path: 'shape.coordinates', params: { code: 'polygon_self_intersecting' } });
    expect(issue?.params).toMatchObject({ lng: expect.closeTo(48.05, 9), lat: expect.closeTo(29.35, 9) });
  });

  it('refuses a ring through its own vertex (a pinched figure eight)', () => {
    const pinched: Position[] = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
    ];
    expect(codesOf(polygonZone(pinched))[0]?.params).toMatchObject({ code: 'polygon_self_intersecting' });
  });

  it('refuses a polygon crossing the antimeridian, and takes one touching it', () => {
    const fiji: Position[] = [
      [179.5, -17],
      [-179.5, -17],
      [-179.5, -16.5],
      [179.5, -16.5],
    ];
    expect(codesOf(polygonZone(fiji))).toEqual([{ path: 'shape.coordinates', params: { code: 'polygon_crosses_antimeridian' } }]);
    const westOfIt: Position[] = [
      [179.5, -17],
      [180, -17],
      [180, -16.5],
      [179.5, -16.5],
    ];
    expect(codesOf(polygonZone(westOfIt))).toEqual([]);
  });

  it('takes a circle of 50 km and refuses 50.001 km', () => {
    const center = { lat: 29.37, lng: 47.98 };
    expect(codesOf(circleZone(center, 50_000))).toEqual([]);
    expect(codesOf(circleZone(center, 50_001))).toEqual([{ path: 'shape.radiusM', params: { code: 'radius_too_large', maximum: 50_000 } }]);
    expect(codesOf({ ...circleZone(center, 0) })[0]?.path).toBe('shape.radiusM');
    expect(codesOf({ name: 'Around the truck', shape: { kind: 'truck-stop-circle', radiusM: 50_001 }, feeRules: flat(0), estimatedMinutes: 20 })).toEqual([
      { path: 'shape.radiusM', params: { code: 'radius_too_large', maximum: 50_000 } },
    ]);
  });

  it('wants a threshold on above and below rules, and integer minor units', () => {
    expect(codesOf(circleZone({ lat: 29, lng: 48 }, 1000, { feeRules: [{ when: 'above', fee: 0 } as never] }))[0]?.path).toBe('feeRules.0.subtotal');
    expect(codesOf(circleZone({ lat: 29, lng: 48 }, 1000, { feeRules: [{ when: 'all', fee: 1.5 }] }))[0]?.path).toBe('feeRules.0.fee');
    expect(codesOf(circleZone({ lat: 29, lng: 48 }, 1000, { feeRules: [] }))[0]?.path).toBe('feeRules');
  });
  it.each(['radius_too_large', 'polygon_too_few_vertices', 'polygon_too_many_vertices', 'polygon_crosses_antimeridian', 'polygon_self_intersecting'])('words %s in English and Arabic with the same placeholders', (code) => {
    const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const en = (enFields as Record<string, string>)[code];
    const ar = (arFields as Record<string, string>)[code];
    expect(en).toBeTruthy();
    expect(ar).toBeTruthy();
    expect(placeholders(ar)).toEqual(placeholders(en));
  });
});

describe('matchZone', () => {
  const sharq = zone(polygonZone(square, { name: 'Sharq' }));

  it('counts a point on an edge or on a vertex as inside', () => {
    for (const point of [
      { lng: 48.05, lat: 29.3 }, // bottom edge
      { lng: 48.1, lat: 29.35 }, // right edge
      { lng: 48.0, lat: 29.3 }, // vertex
      { lng: 48.1, lat: 29.4 }, // vertex
    ]) {
      expect(matchZone([sharq], point, 1000)).toMatchObject({ ok: true, zone: { name: 'Sharq' } });
    }
    expect(matchZone([sharq], { lng: 48.1000001, lat: 29.35 }, 1000)).toEqual({ ok: false, reason: 'outside_all_zones' });
  });

  it('counts a point on a slanted edge as inside', () => {
    const triangle = zone(polygonZone([[48, 29], [48.5, 29], [48, 29.5]]));
    expect(matchZone([triangle], { lng: 48.25, lat: 29.25 }, 0).ok).toBe(true);
  });

  it('counts a point at exactly the radius as inside a circle', () => {
    const center = { lat: 29.37, lng: 47.98 };
    const point = { lat: 29.5, lng: 48.1 };
    const radius = distance([center.lng, center.lat], [point.lng, point.lat], { units: 'meters' });
    expect(matchZone([zone(circleZone(center, radius))], point, 0).ok).toBe(true);
    expect(matchZone([zone(circleZone(center, radius - 0.01))], point, 0)).toEqual({ ok: false, reason: 'outside_all_zones' });
  });

  it('measures circles on the sphere, across the antimeridian and near a pole', () => {
    const dateLine = zone(circleZone({ lat: -17, lng: 179.9 }, 30_000));
    expect(matchZone([dateLine], { lat: -17, lng: -179.9 }, 0).ok).toBe(true); // about 21 km east
    const svalbard = zone(circleZone({ lat: 89.9, lng: 0 }, 20_000));
    expect(matchZone([svalbard], { lat: 89.95, lng: 180 }, 0).ok).toBe(true); // over the pole, about 17 km
  });

  it('chooses the lowest fee where zones overlap, then the shortest estimate, then the name', () => {
    const point = { lng: 48.05, lat: 29.35 };
    const near = zone(circleZone({ lat: 29.35, lng: 48.05 }, 2000, { name: 'Near', feeRules: flat(750), estimatedMinutes: 20 }));
    const cheap = zone(polygonZone(square, { name: 'Cheap', feeRules: flat(250), estimatedMinutes: 45 }));
    const result = matchZone([near, cheap], point, 1000);
    expect(result).toEqual({ ok: true, zone: cheap, fee: 250, estimatedMinutes: 45 });

    const quick = zone(polygonZone(square, { name: 'Quick', feeRules: flat(250), estimatedMinutes: 25 }));
    expect(matchZone([near, cheap, quick], point, 1000)).toMatchObject({ zone: { name: 'Quick' } });
    const alpha = zone(polygonZone(square, { name: 'Alpha', feeRules: flat(250), estimatedMinutes: 25 }));
    expect(matchZone([quick, alpha], point, 1000)).toMatchObject({ zone: { name: 'Alpha' } });
  });

  it('turns down an order under the minimum, naming the smallest minimum that applies', () => {
    const point = { lng: 48.05, lat: 29.35 };
    const strict = zone(polygonZone(square, { name: 'Strict', minimumOrder: 5000 }));
    const lenient = zone(circleZone({ lat: 29.35, lng: 48.05 }, 2000, { name: 'Lenient', minimumOrder: 3000 }));
    expect(matchZone([strict, lenient], point, 2000)).toEqual({ ok: false, reason: 'below_minimum', minimumOrder: 3000 });
    expect(matchZone([strict, lenient], point, 3000)).toMatchObject({ ok: true, zone: { name: 'Lenient' } });
    expect(matchZone([strict], point, 5000)).toMatchObject({ ok: true, zone: { name: 'Strict' } });
  });

  it('takes the first fee rule that fits, in the order given', () => {
    const point = { lng: 48.05, lat: 29.35 };
    const freeAbove = zone(polygonZone(square, { feeRules: [{ when: 'above', subtotal: 10_000, fee: 0 }, { when: 'all', fee: 500 }] }));
    expect(matchZone([freeAbove], point, 12_000)).toMatchObject({ fee: 0 });
    expect(matchZone([freeAbove], point, 10_000)).toMatchObject({ fee: 0 }); // 'above' includes its threshold
    expect(matchZone([freeAbove], point, 9_999)).toMatchObject({ fee: 500 });
    const allFirst = zone(polygonZone(square, { feeRules: [{ when: 'all', fee: 500 }, { when: 'above', subtotal: 10_000, fee: 0 }] }));
    expect(matchZone([allFirst], point, 12_000)).toMatchObject({ fee: 500 });
  });

  it('reports no delivery when the rules say so or none fits', () => {
    const point = { lng: 48.05, lat: 29.35 };
    const smallOrdersRefused = zone(polygonZone(square, { feeRules: [{ when: 'below', subtotal: 3000, fee: null }, { when: 'all', fee: 500 }] }));
    expect(matchZone([smallOrdersRefused], point, 2999)).toEqual({ ok: false, reason: 'no_delivery_for_subtotal' });
    expect(matchZone([smallOrdersRefused], point, 3000)).toMatchObject({ ok: true, fee: 500 });
    const onlyBig = zone(polygonZone(square, { feeRules: [{ when: 'above', subtotal: 3000, fee: 0 }] }));
    expect(matchZone([onlyBig], point, 100)).toEqual({ ok: false, reason: 'no_delivery_for_subtotal' });
  });

  it('ignores inactive zones', () => {
    const point = { lng: 48.05, lat: 29.35 };
    const off = zone(polygonZone(square, { name: 'Off', feeRules: flat(0), active: false }));
    const on = zone(circleZone({ lat: 29.35, lng: 48.05 }, 500, { name: 'On', feeRules: flat(900) }));
    expect(matchZone([off, on], point, 0)).toMatchObject({ ok: true, zone: { name: 'On' } });
    expect(matchZone([off], point, 0)).toEqual({ ok: false, reason: 'no_active_zones' });
    expect(matchZone([], point, 0)).toEqual({ ok: false, reason: 'no_active_zones' });
  });

  it("centres a truck-stop circle on the truck's current stop, and matches nothing without one", () => {
    const aroundTruck = zone({ name: 'Around the truck', shape: { kind: 'truck-stop-circle', radiusM: 3000 }, feeRules: flat(300), estimatedMinutes: 15 });
    const point = { lat: 29.35, lng: 48.05 };
    expect(matchZone([aroundTruck], point, 0, { truckStop: { lat: 29.36, lng: 48.05 } })).toMatchObject({ ok: true, fee: 300 });
    expect(matchZone([aroundTruck], point, 0, { truckStop: { lat: 29.5, lng: 48.05 } })).toEqual({ ok: false, reason: 'outside_all_zones' });
    expect(matchZone([aroundTruck], point, 0)).toEqual({ ok: false, reason: 'outside_all_zones' });
  });

  it('answers the same from prepared zones as from the list', () => {
    const zones = [sharq, zone(circleZone({ lat: 29.35, lng: 48.05 }, 2000, { feeRules: flat(100) }))];
    const prepared = prepareZones(zones);
    for (const point of [{ lng: 48.05, lat: 29.35 }, { lng: 48.09, lat: 29.39 }, { lng: 47, lat: 29 }]) {
      expect(matchZone(prepared, point, 1000)).toEqual(matchZone(zones, point, 1000));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Properties.

const centerArb = fc.record({ lat: fc.double({ min: -60, max: 60, noNaN: true }), lng: fc.double({ min: -170, max: 170, noNaN: true }) });

/** Vertices around a centre at increasing angles: a simple (star-shaped) ring; convex when all radii are equal. */
function ringAround(center: LatLng, angles: readonly number[], radii: readonly number[]): Position[] {
  return [...angles].sort((a, b) => a - b).map((angle, i) => [center.lng + radii[i % radii.length]! * Math.cos(angle), center.lat + radii[i % radii.length]! * Math.sin(angle)]);
}

/** Whole degrees, so no two vertices coincide. */
const anglesArb = (max: number) => fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: max }).map((degrees) => degrees.map((d) => (d * Math.PI) / 180));

const convexArb = fc.record({ center: centerArb, angles: anglesArb(40), radius: fc.double({ min: 0.005, max: 0.3, noNaN: true }) });

describe('properties', () => {
  it('matches a point inside a convex polygon', () => {
    fc.assert(
      fc.property(convexArb, fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 40, maxLength: 40 }), ({ center, angles, radius }, weights) => {
        const ring = ringAround(center, angles, [radius]);
        const total = ring.reduce((sum, _, i) => sum + weights[i]!, 0);
        const point = {
          lng: ring.reduce((sum, [lng], i) => sum + lng * weights[i]!, 0) / total,
          lat: ring.reduce((sum, [, lat], i) => sum + lat * weights[i]!, 0) / total,
        };
        expect(matchZone([zone(polygonZone(ring))], point, 0).ok).toBe(true);
      }),
    );
  });

  it('never matches a point beyond the bounding box of every polygon', () => {
    fc.assert(
      fc.property(
        fc.array(convexArb, { minLength: 1, maxLength: 5 }),
        fc.double({ min: 1e-6, max: 5, noNaN: true }),
        fc.constantFrom('north', 'south', 'east', 'west'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (shapes, beyond, side, along) => {
          const zones = shapes.map(({ center, angles, radius }) => zone(polygonZone(ringAround(center, angles, [radius]))));
          const all = zones.flatMap((z) => (z.shape.kind === 'polygon' ? z.shape.coordinates : []));
          const [minLng, maxLng] = [Math.min(...all.map(([lng]) => lng)), Math.max(...all.map(([lng]) => lng))];
          const [minLat, maxLat] = [Math.min(...all.map(([, lat]) => lat)), Math.max(...all.map(([, lat]) => lat))];
          const point = {
            north: { lat: maxLat + beyond, lng: minLng + along * (maxLng - minLng) },
            south: { lat: minLat - beyond, lng: minLng + along * (maxLng - minLng) },
            east: { lat: minLat + along * (maxLat - minLat), lng: maxLng + beyond },
            west: { lat: minLat + along * (maxLat - minLat), lng: minLng - beyond },
          }[side];
          expect(matchZone(zones, point, 0)).toEqual({ ok: false, reason: 'outside_all_zones' });
        },
      ),
    );
  });

  it("never turns away a point inside a circle for its bounding box, anywhere on the globe", () => {
    // Great-circle destination from a centre, bearing and distance: points on and around the rim.
    const destination = (from: LatLng, bearing: number, metres: number): LatLng => {
      const angle = metres / 6_371_008.8;
      const lat1 = (from.lat * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
      const lng2 = (from.lng * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
      return { lat: (lat2 * 180) / Math.PI, lng: ((((lng2 * 180) / Math.PI + 540) % 360) - 180) };
    };
    fc.assert(
      fc.property(
        fc.record({ lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) }),
        fc.double({ min: 1, max: 50_000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0.999, max: 1.001, noNaN: true }),
        (center, radiusM, bearing, reach) => {
          const point = destination(center, bearing, radiusM * reach);
          const inside = distance([center.lng, center.lat], [point.lng, point.lat], { units: 'meters' }) <= radiusM;
          expect(matchZone(prepareZones([zone(circleZone(center, radiusM))]), point, 0).ok).toBe(inside);
        },
      ),
      { numRuns: 1000 },
    );
  });

  // A neighbourhood a few kilometres across, so random zones overlap and random points fall on their edges.
  const origin = { lat: 29.37, lng: 47.98 };
  const nearArb = fc.record({ lat: fc.double({ min: origin.lat - 0.1, max: origin.lat + 0.1, noNaN: true }), lng: fc.double({ min: origin.lng - 0.1, max: origin.lng + 0.1, noNaN: true }) });
  const feeArb = fc.oneof(fc.constantFrom(0, 250, 500), fc.constant(null));
  const feeRulesArb = fc.array(
    fc.oneof(
      feeArb.map((fee) => ({ when: 'all' as const, fee })),
      fc.record({ when: fc.constantFrom('above' as const, 'below' as const), subtotal: fc.constantFrom(1000, 3000, 5000), fee: feeArb }),
    ),
    { minLength: 1, maxLength: 3 },
  );
  const shapeArb = fc.oneof(
    fc.record({ kind: fc.constant('circle' as const), center: nearArb, radiusM: fc.double({ min: 100, max: 8000, noNaN: true }) }),
    fc.record({ kind: fc.constant('truck-stop-circle' as const), radiusM: fc.double({ min: 100, max: 8000, noNaN: true }) }),
    fc
      .record({ center: nearArb, angles: anglesArb(30), radii: fc.array(fc.double({ min: 0.005, max: 0.08, noNaN: true }), { minLength: 1, maxLength: 30 }) })
      .map(({ center, angles, radii }) => ({ kind: 'polygon' as const, coordinates: ringAround(center, angles, radii) })),
  );
  const zoneArb = fc
    .record({
      name: fc.constantFrom('A', 'B', 'C'),
      shape: shapeArb,
      feeRules: feeRulesArb,
      minimumOrder: fc.constantFrom(0, 0, 2000, 4000),
      estimatedMinutes: fc.constantFrom(20, 30),
      active: fc.integer({ min: 0, max: 6 }).map((n) => n > 0),
    })
    .filter((input) => DeliveryZoneSchema.safeParse(input).success)
    .map(zone);

  it('agrees with the brute-force reference over random zones and points', () => {
    fc.assert(
      fc.property(
        fc.array(zoneArb, { maxLength: 12 }),
        fc.oneof(nearArb, fc.nat()),
        fc.integer({ min: 0, max: 8000 }),
        fc.option(nearArb, { nil: undefined }),
        (zones, pointOrIndex, subtotal, truckStop) => {
          // A number picks an existing vertex or circle centre, so exact boundaries come up too.
          const landmarks = zones.flatMap((z) => (z.shape.kind === 'polygon' ? z.shape.coordinates.map(([lng, lat]) => ({ lng, lat })) : z.shape.kind === 'circle' ? [z.shape.center] : []));
          const point = typeof pointOrIndex === 'number' ? (landmarks[pointOrIndex % Math.max(landmarks.length, 1)] ?? origin) : pointOrIndex;
          const options = truckStop ? { truckStop } : {};
          const fast = matchZone(prepareZones(zones), point, subtotal, options);
          const reference = matchZoneBruteForce(zones, point, subtotal, options);
          expect(fast).toEqual(reference);
          if (fast.ok && reference.ok) expect(fast.zone).toBe(reference.zone);
        },
      ),
      { numRuns: 500 },
    );
  });
});
