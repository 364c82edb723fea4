/** A zone's size limits, apart from the contract (./zone.schema.ts) so the editor reads them without zod. */
export const MAX_RADIUS_M = 50_000;
export const MIN_POLYGON_VERTICES = 3;
export const MAX_POLYGON_VERTICES = 200;
