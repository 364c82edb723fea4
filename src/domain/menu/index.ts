/**
 * The menu (docs/product.md §2.4): bilingual categories and items, option groups with their selection
 * rules, the "86" switch (sold out now, or until the end of the truck's local day), the public read
 * model customers see, and the pricing of an order line that order intake uses.
 *
 * Money is integer minor units of the truck's currency; this module never sees a decimal price.
 */
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { CurrencySchema, fromMinor, TaxCategorySchema } from '../money';
import { AVAILABILITY_STATES, DIETARY_TAGS, MENU_LIMITS, isAvailable, type AvailabilityState } from './line-pricing';
import type { Named } from '../names';

export * from './line-pricing';

const UuidSchema = z.uuid();
const NameSchema = z.string().trim().max(80).default('');
const DescriptionSchema = z.string().trim().max(500).default('');
const PriceSchema = z.int().min(0).max(MENU_LIMITS.priceMinor);

const hasAName = (value: Named) => value.nameEn !== '' || value.nameAr !== '';
/** At least one language is required; the interface shows the other as a fallback. */
const nameRequired = { path: ['nameEn'], params: { code: 'name_required' } };
/**
 * The same as an issue of a superRefine: a new one each time, because zod prefixes a nested issue's
 * path in place, so one shared path array grew with every payload a long-running server validated
 * ("1.2.3.nameEn"). (refine copies its params' path itself.)
 */
const nameRequiredIssue = () => ({ code: 'custom' as const, message: 'name_required', path: [...nameRequired.path], params: nameRequired.params });

function duplicates(ids: readonly (string | undefined)[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) {
    if (id === undefined) continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return twice;
}

const uniqueIds = (ids: readonly string[]) => duplicates(ids).size === 0;

// ---- Categories ---------------------------------------------------------------------------------

export const CategoryInputSchema = z.strictObject({ nameEn: NameSchema, nameAr: NameSchema }).refine(hasAName, nameRequired);
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const MenuCategorySchema = z.object({ id: UuidSchema, nameEn: z.string(), nameAr: z.string(), position: z.int() });
export type MenuCategory = z.infer<typeof MenuCategorySchema>;

/** The complete new order of the truck's categories. */
export const CategoryOrderSchema = z.strictObject({
  ids: z.array(UuidSchema).min(1).max(MENU_LIMITS.categories).refine(uniqueIds, { params: { code: 'duplicate_id' } }),
});
export type CategoryOrder = z.infer<typeof CategoryOrderSchema>;

export const CATEGORY_ITEM_FATES = ['move', 'delete'] as const;

/** Deleting a category that still holds items needs to be told what becomes of them. */
export const DeleteCategoryQuerySchema = z
  .strictObject({ items: z.enum(CATEGORY_ITEM_FATES).optional(), moveTo: UuidSchema.optional() })
  .refine((query) => query.items !== 'move' || query.moveTo !== undefined, { path: ['moveTo'], params: { code: 'required' } });
export type DeleteCategoryQuery = z.infer<typeof DeleteCategoryQuerySchema>;

// ---- Option groups ------------------------------------------------------------------------------

export const OptionInputSchema = z
  .strictObject({
    /** Present when editing an option that exists, so its sold-out state and identity survive the edit. */
    id: UuidSchema.optional(),
    nameEn: NameSchema,
    nameAr: NameSchema,
    /** Never negative: what the product stores is never negative (money.ts). */
    priceDeltaMinor: PriceSchema.default(0),
  })
  .refine(hasAName, nameRequired);
export type OptionInput = z.infer<typeof OptionInputSchema>;

export interface SelectionRule {
  required: boolean;
  minSelections: number;
  maxSelections: number;
}

export type SelectionRuleProblem = { path: 'minSelections' | 'maxSelections'; code: string; params: Record<string, unknown> };

/**
 * 0 ≤ min ≤ max ≤ number of options, and `required` says the same as min: a required group asks for
 * at least one choice, an optional one for none. Shared by the server's validation and the form.
 */
export function selectionRuleProblems(rule: SelectionRule, optionCount: number): SelectionRuleProblem[] {
  const { minSelections: min, maxSelections: max, required } = rule;
  const problems: SelectionRuleProblem[] = [];
  if (min > max) problems.push({ path: 'minSelections', code: 'option_min_exceeds_max', params: { min, max } });
  if (max > optionCount) problems.push({ path: 'maxSelections', code: 'option_max_exceeds_count', params: { max, count: optionCount } });
  if (required !== min >= 1) problems.push({ path: 'minSelections', code: required ? 'option_required_needs_min' : 'option_min_needs_required', params: { min } });
  return problems;
}

export const OptionGroupInputSchema = z
  .strictObject({
    id: UuidSchema.optional(),
    nameEn: NameSchema,
    nameAr: NameSchema,
    required: z.boolean().default(false),
    minSelections: z.int().min(0).max(MENU_LIMITS.optionsPerGroup).default(0),
    maxSelections: z.int().min(1).max(MENU_LIMITS.optionsPerGroup).default(1),
    options: z.array(OptionInputSchema).min(1).max(MENU_LIMITS.optionsPerGroup),
  })
  .superRefine((group, ctx) => {
    if (!hasAName(group)) ctx.addIssue(nameRequiredIssue());
    for (const problem of selectionRuleProblems(group, group.options.length)) {
      ctx.addIssue({ code: 'custom', message: problem.code, path: [problem.path], params: { code: problem.code, ...problem.params } });
    }
  });
export type OptionGroupInput = z.infer<typeof OptionGroupInputSchema>;

// ---- Items --------------------------------------------------------------------------------------

export const ItemInputSchema = z
  .strictObject({
    categoryId: UuidSchema,
    nameEn: NameSchema,
    nameAr: NameSchema,
    descriptionEn: DescriptionSchema,
    descriptionAr: DescriptionSchema,
    priceMinor: PriceSchema,
    /** What the truck's tax rate does to it (decision 017); standard unless said otherwise. */
    taxCategory: TaxCategorySchema.default('standard'),
    /** An upload of the truck with purpose menu_photo. */
    photoId: UuidSchema.nullable().default(null),
    prepMinutes: z.int().min(0).max(MENU_LIMITS.prepMinutes).nullable().default(null),
    calories: z.int().min(0).max(MENU_LIMITS.calories).nullable().default(null),
    tags: z
      .array(z.enum(DIETARY_TAGS))
      .max(DIETARY_TAGS.length)
      .default([])
      .refine((tags) => new Set(tags).size === tags.length, { params: { code: 'duplicate_tag' } }),
    optionGroups: z.array(OptionGroupInputSchema).max(MENU_LIMITS.groupsPerItem).default([]),
  })
  .superRefine((item, ctx) => {
    if (!hasAName(item)) ctx.addIssue(nameRequiredIssue());
    // An id names one group or option; listing it twice would make two rows claim it.
    const twiceGroups = duplicates(item.optionGroups.map((group) => group.id));
    const twiceOptions = duplicates(item.optionGroups.flatMap((group) => group.options.map((option) => option.id)));
    item.optionGroups.forEach((group, g) => {
      if (group.id && twiceGroups.has(group.id)) ctx.addIssue({ code: 'custom', message: 'duplicate_id', path: ['optionGroups', g, 'id'], params: { code: 'duplicate_id' } });
      group.options.forEach((option, o) => {
        if (option.id && twiceOptions.has(option.id)) {
          ctx.addIssue({ code: 'custom', message: 'duplicate_id', path: ['optionGroups', g, 'options', o, 'id'], params: { code: 'duplicate_id' } });
        }
      });
    });
  });
export type ItemInput = z.infer<typeof ItemInputSchema>;

/** The complete new order of one category's items; an id from another category moves that item here. */
export const ItemOrderSchema = z.strictObject({
  categoryId: UuidSchema,
  ids: z.array(UuidSchema).min(1).max(MENU_LIMITS.items).refine(uniqueIds, { params: { code: 'duplicate_id' } }),
});
export type ItemOrder = z.infer<typeof ItemOrderSchema>;

// ---- Availability -------------------------------------------------------------------------------

/** null: available; an ISO instant: sold out until then; 'indefinitely': until someone switches it back. */
export const SoldOutUntilSchema = z.union([z.null(), z.literal('indefinitely'), z.iso.datetime({ offset: true })]);
export type SoldOutUntil = z.infer<typeof SoldOutUntilSchema>;


/** One tap on one item or option, or a bulk action on several. */
export const AvailabilityCommandSchema = z
  .strictObject({
    state: z.enum(AVAILABILITY_STATES),
    itemIds: z.array(UuidSchema).max(MENU_LIMITS.items).default([]),
    optionIds: z.array(UuidSchema).max(MENU_LIMITS.items).default([]),
  })
  .refine((command) => command.itemIds.length + command.optionIds.length > 0, { path: ['itemIds'], params: { code: 'nothing_selected' } });
export type AvailabilityCommand = z.infer<typeof AvailabilityCommandSchema>;

/** The instant the truck's next local day starts (DST-aware: a day may be 23 or 25 hours long). */
export function endOfLocalDay(timeZone: string, now: Date): Date {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
  return new Date(today.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds);
}

export function soldOutUntilFor(state: AvailabilityState, timeZone: string, now: Date): SoldOutUntil {
  if (state === 'available') return null;
  if (state === 'sold_out') return 'indefinitely';
  return endOfLocalDay(timeZone, now).toISOString();
}

export const AvailabilityResultSchema = z.object({
  version: z.int(),
  items: z.array(z.object({ id: UuidSchema, soldOutUntil: SoldOutUntilSchema })),
  options: z.array(z.object({ id: UuidSchema, soldOutUntil: SoldOutUntilSchema })),
});
export type AvailabilityResult = z.infer<typeof AvailabilityResultSchema>;

// ---- The vendor's view --------------------------------------------------------------------------

export const MenuOptionSchema = z.object({
  id: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  priceDeltaMinor: z.int(),
  soldOutUntil: SoldOutUntilSchema,
});
export type MenuOption = z.infer<typeof MenuOptionSchema>;

export const MenuOptionGroupSchema = z.object({
  id: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  required: z.boolean(),
  minSelections: z.int(),
  maxSelections: z.int(),
  options: z.array(MenuOptionSchema),
});
export type MenuOptionGroup = z.infer<typeof MenuOptionGroupSchema>;

export const MenuItemSchema = z.object({
  id: UuidSchema,
  categoryId: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  priceMinor: z.int(),
  taxCategory: TaxCategorySchema,
  photoId: UuidSchema.nullable(),
  photoUrl: z.string().nullable(),
  prepMinutes: z.int().nullable(),
  calories: z.int().nullable(),
  tags: z.array(z.enum(DIETARY_TAGS)),
  position: z.int(),
  soldOutUntil: SoldOutUntilSchema,
  optionGroups: z.array(MenuOptionGroupSchema),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** Everything the /menu screen needs in one answer; `version` changes with every edit. */
export const MenuSchema = z.object({
  truckId: UuidSchema,
  /** How the caller reaches the truck: the owner edits; staff switch availability; an admin only looks. */
  relation: z.enum(['owner', 'staff', 'admin']),
  currency: CurrencySchema,
  timeZone: z.string(),
  version: z.int(),
  categories: z.array(MenuCategorySchema),
  items: z.array(MenuItemSchema),
});
export type Menu = z.infer<typeof MenuSchema>;

/** The item as the editor form fills it in again. */
export function itemInputOf(item: MenuItem): ItemInput {
  return {
    categoryId: item.categoryId,
    nameEn: item.nameEn,
    nameAr: item.nameAr,
    descriptionEn: item.descriptionEn,
    descriptionAr: item.descriptionAr,
    priceMinor: item.priceMinor,
    taxCategory: item.taxCategory,
    photoId: item.photoId,
    prepMinutes: item.prepMinutes,
    calories: item.calories,
    tags: item.tags,
    optionGroups: item.optionGroups.map(({ options, ...group }) => ({
      id: group.id,
      nameEn: group.nameEn,
      nameAr: group.nameAr,
      required: group.required,
      minSelections: group.minSelections,
      maxSelections: group.maxSelections,
      options: options.map((option) => ({ id: option.id, nameEn: option.nameEn, nameAr: option.nameAr, priceDeltaMinor: option.priceDeltaMinor })),
    })),
  };
}

export { inLanguage } from '../names';

// ---- What customers see -------------------------------------------------------------------------

const PublicOptionSchema = z.object({
  id: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  priceDeltaMinor: z.int(),
  /** The canonical decimal string of the truck's currency ("0.250" in KWD). */
  priceDelta: z.string(),
  available: z.boolean(),
});

const PublicOptionGroupSchema = MenuOptionGroupSchema.omit({ options: true }).extend({ options: z.array(PublicOptionSchema) });

export const PublicMenuItemSchema = z.object({
  id: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  priceMinor: z.int(),
  price: z.string(),
  /** The basket taxes it as intake will (decision 017). */
  taxCategory: TaxCategorySchema,
  photoUrl: z.string().nullable(),
  prepMinutes: z.int().nullable(),
  calories: z.int().nullable(),
  tags: z.array(z.enum(DIETARY_TAGS)),
  available: z.boolean(),
  optionGroups: z.array(PublicOptionGroupSchema),
});
export type PublicMenuItem = z.infer<typeof PublicMenuItemSchema>;

export const PublicMenuSchema = z.object({
  truck: z.object({ slug: z.string(), nameEn: z.string(), nameAr: z.string(), currency: CurrencySchema }),
  categories: z.array(z.object({ id: UuidSchema, nameEn: z.string(), nameAr: z.string(), items: z.array(PublicMenuItemSchema) })),
});
export type PublicMenu = z.infer<typeof PublicMenuSchema>;

export interface PublicMenuSource {
  truck: PublicMenu['truck'];
  categories: readonly MenuCategory[];
  items: readonly MenuItem[];
}

/**
 * The customers' menu at `now`, in the vendor's order, sold-out things marked rather than hidden;
 * categories without items are left out. `changesAt` is when the answer would next differ on its
 * own (an item back at midnight), so a cache knows when to build it again.
 */
export function publicMenuAt(source: PublicMenuSource, now: Date): { menu: PublicMenu; changesAt: Date | null } {
  const { currency } = source.truck;
  let changesAt: number | null = null;
  const availableNow = (thing: { soldOutUntil: SoldOutUntil }) => {
    const { soldOutUntil } = thing;
    if (soldOutUntil !== null && soldOutUntil !== 'indefinitely') {
      const at = Date.parse(soldOutUntil);
      if (at > now.getTime() && (changesAt === null || at < changesAt)) changesAt = at;
    }
    return isAvailable(thing, now);
  };
  const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;
  const categories = [...source.categories].sort(byPosition).flatMap((category) => {
    const items = source.items
      .filter((item) => item.categoryId === category.id)
      .sort(byPosition)
      .map((item): PublicMenuItem => ({
        id: item.id,
        nameEn: item.nameEn,
        nameAr: item.nameAr,
        descriptionEn: item.descriptionEn,
        descriptionAr: item.descriptionAr,
        priceMinor: item.priceMinor,
        price: fromMinor(item.priceMinor, currency),
        taxCategory: item.taxCategory,
        photoUrl: item.photoUrl,
        prepMinutes: item.prepMinutes,
        calories: item.calories,
        tags: item.tags,
        available: availableNow(item),
        optionGroups: item.optionGroups.map(({ options, ...group }) => ({
          ...group,
          options: options.map(({ soldOutUntil, ...option }) => ({
            ...option,
            priceDelta: fromMinor(option.priceDeltaMinor, currency),
            available: availableNow({ soldOutUntil }),
          })),
        })),
      }));
    return items.length === 0 ? [] : [{ id: category.id, nameEn: category.nameEn, nameAr: category.nameAr, items }];
  });
  return { menu: { truck: source.truck, categories }, changesAt: changesAt === null ? null : new Date(changesAt) };
}
