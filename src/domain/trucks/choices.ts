/**
 * What the registration forms offer (cuisines, documents, power) and their limits, without the
 * contracts: the truck screens show them before (or without) loading zod.
 */
export const CUISINES = [
  'burgers', 'shawarma', 'falafel', 'grills', 'sandwiches', 'pizza', 'tacos', 'asian', 'indian',
  'seafood', 'healthy', 'breakfast', 'coffee', 'juices', 'desserts', 'ice_cream', 'gulf', 'levantine',
  'egyptian', 'other',
] as const;

export const DOCUMENT_TYPES = [
  'commercial_registration', 'health_permit', 'vehicle_registration', 'insurance', 'commissary_agreement', 'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Without these two valid documents a truck may not trade (docs/product.md §2.2). */
export const REQUIRED_DOCUMENTS: readonly DocumentType[] = ['commercial_registration', 'health_permit'];
export const EXPIRY_WARNING_DAYS = 30;

export const POWER_SOURCES = ['generator', 'hookup'] as const;

export const MAX_CUISINES = 5;
export const MAX_PHOTOS = 8;
