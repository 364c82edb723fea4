/**
 * How fast the order intake finds a point's delivery zone: matchZone over prepared zones against the
 * un-indexed reference, measured in the same run on the same zones and points. Prints figures; asserts nothing.
 *
 *   node --import tsx bench/zones.bench.ts
 */
import { DeliveryZoneSchema, matchZone, prepareZones, type DeliveryZone, type DeliveryZoneInput, type LatLng, type Position } from '../src/domain/zones';
import { matchZoneBruteForce } from '../src/domain/zones/match-zone.reference';

const POLYGONS = 200;
const VERTICES = 200;
const CIRCLES = 20;
const LOOKUPS = 100_000;
const WARM_UP = 20_000;
const BASELINE_LOOKUPS = 5_000;

/** mulberry32: the same zones and points on every run, so runs compare. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seededRandom(7);
const between = (min: number, max: number) => min + random() * (max - min);

// Kuwait City and its suburbs: about 33 km north to south and 35 km east to west.
const CITY = { lat: 29.33, lng: 47.98 };
const CITY_HALF_SPAN = { lat: 0.15, lng: 0.18 };
const KM_PER_DEGREE_LAT = 111.2;
const kmToDegrees = (km: number, lat: number) => ({ lat: km / KM_PER_DEGREE_LAT, lng: km / (KM_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180)) });
const cityPoint = (slack = 1): LatLng => ({
  lat: CITY.lat + between(-1, 1) * CITY_HALF_SPAN.lat * slack,
  lng: CITY.lng + between(-1, 1) * CITY_HALF_SPAN.lng * slack,
});

/** A hand-drawn-looking neighbourhood: a wobbly star-shaped ring of 1.5–5 km around a random centre. */
function neighbourhood(): Position[] {
  const center = cityPoint();
  const size = kmToDegrees(between(1.5, 5), center.lat);
  return Array.from({ length: VERTICES }, (_, i) => {
    const angle = ((i + between(0, 0.8)) / VERTICES) * 2 * Math.PI;
    const wobble = between(0.75, 1);
    return [center.lng + size.lng * wobble * Math.cos(angle), center.lat + size.lat * wobble * Math.sin(angle)];
  });
}

function feeRules(): DeliveryZoneInput['feeRules'] {
  const fee = Math.round(between(0, 10)) * 100;
  return random() < 0.5 ? [{ when: 'above', subtotal: 10_000, fee: 0 }, { when: 'all', fee }] : [{ when: 'all', fee }];
}

const inputs: DeliveryZoneInput[] = [
  ...Array.from({ length: POLYGONS }, (_, i): DeliveryZoneInput => ({
    name: `Area ${i + 1}`,
    shape: { kind: 'polygon', coordinates: neighbourhood() },
    feeRules: feeRules(),
    minimumOrder: random() < 0.3 ? 3000 : 0,
    estimatedMinutes: Math.round(between(20, 60)),
    active: random() < 0.95,
  })),
  ...Array.from({ length: CIRCLES }, (_, i): DeliveryZoneInput => ({
    name: `Ring ${i + 1}`,
    shape: { kind: 'circle', center: cityPoint(), radiusM: between(2_000, 8_000) },
    feeRules: feeRules(),
    estimatedMinutes: Math.round(between(20, 60)),
  })),
  { name: 'Around the truck', shape: { kind: 'truck-stop-circle', radiusM: 3_000 }, feeRules: [{ when: 'all', fee: 250 }], estimatedMinutes: 15 },
];

function median(sorted: Float64Array): number {
  return sorted[Math.floor(sorted.length / 2)]!;
}
function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}
const micros = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;
const millis = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;

/** Times each lookup on its own (for the percentiles) after timing the whole batch (for the mean, free of timer overhead). */
function measure(lookup: (point: LatLng, subtotal: number) => { ok: boolean }, points: readonly LatLng[], subtotals: readonly number[]) {
  let matched = 0;
  const batchStart = process.hrtime.bigint();
  for (let i = 0; i < points.length; i++) if (lookup(points[i]!, subtotals[i]!).ok) matched++;
  const meanNs = Number(process.hrtime.bigint() - batchStart) / points.length;

  const samples = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const start = process.hrtime.bigint();
    lookup(points[i]!, subtotals[i]!);
    samples[i] = Number(process.hrtime.bigint() - start);
  }
  samples.sort();
  return { meanNs, p50Ns: median(samples), p99Ns: percentile(samples, 0.99), maxNs: samples[samples.length - 1]!, matched };
}

const validateStart = process.hrtime.bigint();
const zones: DeliveryZone[] = inputs.map((input) => DeliveryZoneSchema.parse(input));
const validateNs = Number(process.hrtime.bigint() - validateStart);

const prepareStart = process.hrtime.bigint();
const prepared = prepareZones(zones);
const prepareNs = Number(process.hrtime.bigint() - prepareStart);

// Points over the city and a fifth beyond it, so some fall outside every zone.
const points = Array.from({ length: LOOKUPS }, () => cityPoint(1.2));
const subtotals = Array.from({ length: LOOKUPS }, () => Math.round(between(500, 15_000)));
const truckStop = cityPoint();
const indexed = (point: LatLng, subtotal: number) => matchZone(prepared, point, subtotal, { truckStop });
const bruteForce = (point: LatLng, subtotal: number) => matchZoneBruteForce(zones, point, subtotal, { truckStop });

measure(indexed, points.slice(0, WARM_UP), subtotals);
const fast = measure(indexed, points, subtotals);
const baselinePoints = points.slice(0, BASELINE_LOOKUPS);
measure(bruteForce, baselinePoints.slice(0, 100), subtotals);
const slow = measure(bruteForce, baselinePoints, subtotals);

const agreeing = baselinePoints.filter((point, i) => JSON.stringify(indexed(point, subtotals[i]!)) === JSON.stringify(bruteForce(point, subtotals[i]!))).length;

console.log(`zones.bench: ${POLYGONS} polygons × ${VERTICES} vertices + ${CIRCLES} circles + 1 truck-stop circle over about 33 × 35 km (Node ${process.version})`);
console.log(`  validate (DeliveryZoneSchema.parse, kinks included): ${millis(validateNs)} for ${zones.length} zones`);
console.log(`  prepareZones: ${millis(prepareNs)}`);
console.log(
  `  matchZone, prepared       ${LOOKUPS.toLocaleString('en')} lookups: mean ${micros(fast.meanNs)}, p50 ${micros(fast.p50Ns)}, p99 ${micros(fast.p99Ns)}, max ${micros(fast.maxNs)}; ${((100 * fast.matched) / LOOKUPS).toFixed(1)}% delivered`,
);
console.log(
  `  brute force (baseline)    ${BASELINE_LOOKUPS.toLocaleString('en')} lookups: mean ${micros(slow.meanNs)}, p50 ${micros(slow.p50Ns)}, p99 ${micros(slow.p99Ns)}, max ${micros(slow.maxNs)}`,
);
console.log(`  ratio baseline / prepared: mean ${(slow.meanNs / fast.meanNs).toFixed(0)}×, p99 ${(slow.p99Ns / fast.p99Ns).toFixed(0)}×`);
console.log(`  same answer on the baseline's points: ${agreeing}/${BASELINE_LOOKUPS}`);
