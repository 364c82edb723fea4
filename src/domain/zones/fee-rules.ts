import type { FeeRule } from './zone.schema';

function fits(rule: FeeRule, subtotal: number): boolean {
  if (rule.when === 'all') return true;
  return rule.when === 'above' ? subtotal >= rule.subtotal : subtotal < rule.subtotal;
}

/** The fee of the first rule that fits; null when it says "no delivery" or no rule fits. */
export function deliveryFee(rules: readonly FeeRule[], subtotal: number): number | null {
  for (const rule of rules) if (fits(rule, subtotal)) return rule.fee;
  return null;
}
