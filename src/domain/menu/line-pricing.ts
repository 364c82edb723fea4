/**
 * The menu's rules a browser needs too: limits, dietary tags, "sold out now?" and pricing a line with
 * its option groups' rules. No schemas and no time-zone library here (index.ts has those), so the
 * customer's page checks a line exactly as intake will without carrying zod or Temporal.
 */
import { addMinor, multiplyMinor } from '../money/minor';

export const DIETARY_TAGS = ['vegetarian', 'vegan', 'halal', 'gluten_free', 'spicy', 'contains_nuts', 'dairy'] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export const MENU_LIMITS = {
  categories: 100,
  items: 1000,
  groupsPerItem: 10,
  optionsPerGroup: 30,
  /** 100 000 KWD or 1 000 000 USD: no food-truck item costs more; keeps every line total a safe integer. */
  priceMinor: 100_000_000,
  prepMinutes: 240,
  calories: 10_000,
  lineQuantity: 99,
} as const;

/** null: available; an ISO instant: sold out until then; 'indefinitely': until someone switches it back. */
export type SoldOutUntil = null | 'indefinitely' | (string & {});

export const AVAILABILITY_STATES = ['available', 'sold_out_today', 'sold_out'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

export function isAvailable(thing: { soldOutUntil: SoldOutUntil }, now: Date): boolean {
  const { soldOutUntil } = thing;
  if (soldOutUntil === null) return true;
  if (soldOutUntil === 'indefinitely') return false;
  return now.getTime() >= Date.parse(soldOutUntil);
}

// ---- Pricing an order line ----------------------------------------------------------------------

interface Sellable {
  soldOutUntil: SoldOutUntil;
}

/** The parts of a menu item (index.ts MenuItem) a line's price depends on. */
export interface PricingItem extends Sellable {
  id: string;
  nameEn: string;
  nameAr: string;
  priceMinor: number;
  optionGroups: readonly {
    id: string;
    nameEn: string;
    nameAr: string;
    required: boolean;
    minSelections: number;
    maxSelections: number;
    options: readonly (Sellable & { id: string; nameEn: string; nameAr: string; priceDeltaMinor: number })[];
  }[];
}

/** What an order line keeps, so later menu edits and deletions never change a past order. */
export interface LineSnapshot {
  itemId: string;
  nameEn: string;
  nameAr: string;
  basePriceMinor: number;
  options: {
    groupId: string;
    groupNameEn: string;
    groupNameAr: string;
    optionId: string;
    nameEn: string;
    nameAr: string;
    priceDeltaMinor: number;
  }[];
}

export type LineProblem =
  | { code: 'invalid_quantity'; max: number }
  | { code: 'item_unavailable'; itemId: string }
  | { code: 'option_unknown'; optionId: string }
  | { code: 'option_duplicate'; optionId: string }
  | { code: 'option_unavailable'; optionId: string }
  | { code: 'option_group_required'; groupId: string }
  | { code: 'option_group_too_few'; groupId: string; min: number }
  | { code: 'option_group_too_many'; groupId: string; max: number };

export type PricedLine =
  | { ok: true; unitPrice: number; total: number; snapshot: LineSnapshot }
  | { ok: false; problems: LineProblem[] };

/**
 * Prices one order line from the menu as it is at `now`: the item's price plus the chosen options'
 * deltas, times the quantity. Every problem is reported, not just the first, so a customer fixes
 * the line in one go. Amounts stay safe integers (money.ts refuses otherwise).
 */
export function priceLine(item: PricingItem, selectedOptionIds: readonly string[], qty: number, now = new Date()): PricedLine {
  const problems: LineProblem[] = [];
  if (!Number.isInteger(qty) || qty < 1 || qty > MENU_LIMITS.lineQuantity) problems.push({ code: 'invalid_quantity', max: MENU_LIMITS.lineQuantity });
  if (!isAvailable(item, now)) problems.push({ code: 'item_unavailable', itemId: item.id });

  const selected = new Set<string>();
  for (const optionId of selectedOptionIds) {
    if (selected.has(optionId)) problems.push({ code: 'option_duplicate', optionId });
    selected.add(optionId);
  }
  const known = new Set(item.optionGroups.flatMap((group) => group.options.map((option) => option.id)));
  for (const optionId of selected) if (!known.has(optionId)) problems.push({ code: 'option_unknown', optionId });

  const chosen: LineSnapshot['options'] = [];
  for (const group of item.optionGroups) {
    const picked = group.options.filter((option) => selected.has(option.id));
    for (const option of picked) {
      if (!isAvailable(option, now)) problems.push({ code: 'option_unavailable', optionId: option.id });
      chosen.push({
        groupId: group.id,
        groupNameEn: group.nameEn,
        groupNameAr: group.nameAr,
        optionId: option.id,
        nameEn: option.nameEn,
        nameAr: option.nameAr,
        priceDeltaMinor: option.priceDeltaMinor,
      });
    }
    if (group.required && picked.length === 0) problems.push({ code: 'option_group_required', groupId: group.id });
    else if (picked.length < group.minSelections) problems.push({ code: 'option_group_too_few', groupId: group.id, min: group.minSelections });
    if (picked.length > group.maxSelections) problems.push({ code: 'option_group_too_many', groupId: group.id, max: group.maxSelections });
  }
  if (problems.length > 0) return { ok: false, problems };

  const unitPrice = addMinor(item.priceMinor, ...chosen.map((option) => option.priceDeltaMinor));
  return {
    ok: true,
    unitPrice,
    total: multiplyMinor(unitPrice, qty),
    snapshot: { itemId: item.id, nameEn: item.nameEn, nameAr: item.nameAr, basePriceMinor: item.priceMinor, options: chosen },
  };
}

/** What a tap on an option needs of its group: its options' ids and how many may be chosen. */
export interface PickGroup {
  maxSelections: number;
  options: readonly { id: string }[];
}

/** A group whose options exclude each other: shown as radio buttons, a new pick replaces the old. */
export const isSingleChoice = (group: Pick<PickGroup, 'maxSelections'>): boolean => group.maxSelections === 1;

/** Whether the group already holds as many options as it allows: its other options take no more taps. */
export function groupFull(group: PickGroup, picked: readonly string[]): boolean {
  return !isSingleChoice(group) && group.options.filter((option) => picked.includes(option.id)).length >= group.maxSelections;
}

/**
 * The options chosen after ticking or unticking one, by the rule priceLine checks: a single-choice
 * group swaps its choice, a full group keeps what it has (so a screen never holds a line intake
 * would refuse for too many choices). The truck page and the phone-order dialog both pick through it.
 */
export function pickOption(group: PickGroup, picked: readonly string[], optionId: string, checked: boolean): string[] {
  if (!checked) return picked.filter((id) => id !== optionId);
  if (picked.includes(optionId)) return [...picked];
  if (isSingleChoice(group)) {
    const inGroup = new Set(group.options.map((option) => option.id));
    return [...picked.filter((id) => !inGroup.has(id)), optionId];
  }
  return groupFull(group, picked) ? [...picked] : [...picked, optionId];
}
