/**
 * Delivery zones (docs/product.md §2.8): the zone contract and the intake's zone matching. The rules
 * live in ./zones/; this is their public face.
 */
export {
  CircleShapeSchema,
  DeliveryZoneSchema,
  FeeRuleSchema,
  LatLngSchema,
  MAX_POLYGON_VERTICES,
  MAX_RADIUS_M,
  MIN_POLYGON_VERTICES,
  PolygonShapeSchema,
  PositionSchema,
  TruckStopCircleShapeSchema,
  ZoneShapeSchema,
  closedRing,
  type DeliveryZone,
  type DeliveryZoneInput,
  type FeeRule,
  type LatLng,
  type Position,
  type ZoneShape,
} from './zone.schema';
export { deliveryFee } from './fee-rules';
export { prepareZones, type PreparedZones } from './zone-index';
export { matchZone, type MatchOptions, type ZoneMatch } from './match-zone';
export {
  DeliveryQuoteSchema,
  MAX_ZONES_PER_TRUCK,
  NO_DELIVERY_REASONS,
  ZoneListSchema,
  ZoneSchema,
  ZoneTestSchema,
  ZoneUpdateSchema,
  deliveryQuote,
  type DeliveryQuote,
  type NoDeliveryReason,
  type Zone,
  type ZoneList,
  type ZoneTest,
  type ZoneTestInput,
  type ZoneUpdate,
} from './zones-api.schema';
