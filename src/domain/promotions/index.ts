/**
 * Promotions (issue 44): codes and automatic promotions, their contract and the verdict the intake
 * and the check endpoints share. The rules are in ./rules.ts (no zod), the schemas in
 * ./promotion.schema.ts.
 */
export * from './rules';
export * from './promotion.schema';
export * from './format';
