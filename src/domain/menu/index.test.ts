import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AvailabilityCommandSchema,
  CategoryInputSchema,
  DeleteCategoryQuerySchema,
  endOfLocalDay,
  inLanguage,
  isAvailable,
  ItemInputSchema,
  ItemOrderSchema,
  itemInputOf,
  OptionGroupInputSchema,
  priceLine,
  publicMenuAt,
  soldOutUntilFor,
  type MenuItem,
  type MenuOptionGroup,
} from './index';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const codesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; params?: unknown; code: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${(issue.params as { code?: string } | undefined)?.code ?? issue.code}`);

const option = (n: number, priceDeltaMinor = 0) => ({ nameEn: `Option ${n}`, priceDeltaMinor });
const group = (over: Partial<{ nameEn: string; nameAr: string; required: boolean; minSelections: number; maxSelections: number; options: unknown[] }> = {}) => ({
  nameEn: 'Sauce',
  options: [option(1), option(2), option(3)],
  ...over,
});

describe('names', () => {
  it('need at least one language, either will do', () => {
    expect(CategoryInputSchema.safeParse({ nameEn: 'Wraps' }).success).toBe(true);
    expect(CategoryInputSchema.safeParse({ nameAr: 'لفائف' }).success).toBe(true);
    expect(codesOf(CategoryInputSchema.safeParse({ nameEn: '  ', nameAr: '' }))).toEqual(['nameEn:name_required']);
  });

  it('fall back to the other language for display, saying which one is shown', () => {
    expect(inLanguage({ nameEn: 'Karak', nameAr: 'كرك' }, 'ar')).toEqual({ text: 'كرك', lang: 'ar' });
    expect(inLanguage({ nameEn: 'Karak', nameAr: '' }, 'ar')).toEqual({ text: 'Karak', lang: 'en' });
    expect(inLanguage({ nameEn: '', nameAr: 'كرك' }, 'en')).toEqual({ text: 'كرك', lang: 'ar' });
  });
});

describe('option group rules', () => {
  it('name each broken rule by its own code and field', () => {
    expect(codesOf(OptionGroupInputSchema.safeParse(group({ minSelections: 3, maxSelections: 2, required: true })))).toEqual([
      'minSelections:option_min_exceeds_max',
    ]);
    expect(codesOf(OptionGroupInputSchema.safeParse(group({ maxSelections: 4 })))).toEqual(['maxSelections:option_max_exceeds_count']);
    expect(codesOf(OptionGroupInputSchema.safeParse(group({ required: true, minSelections: 0 })))).toEqual(['minSelections:option_required_needs_min']);
    expect(codesOf(OptionGroupInputSchema.safeParse(group({ required: false, minSelections: 1 })))).toEqual(['minSelections:option_min_needs_required']);
    expect(codesOf(OptionGroupInputSchema.safeParse(group({ options: [] })))).toEqual(['options:too_small', 'maxSelections:option_max_exceeds_count']);
  });

  it('accept exactly the groups with 0 ≤ min ≤ max ≤ options and required ⇔ min ≥ 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.boolean(), (count, min, max, required) => {
        const parsed = OptionGroupInputSchema.safeParse(group({ minSelections: min, maxSelections: max, required, options: Array.from({ length: count }, (_, n) => option(n)) }));
        expect(parsed.success).toBe(min <= max && max <= count && required === min >= 1);
      }),
    );
  });
});

describe('item input', () => {
  const valid = { categoryId: id(1), nameAr: 'شاورما دجاج', priceMinor: 1250, tags: ['halal', 'spicy'], optionGroups: [group()] };

  it('fills defaults for what was left out', () => {
    const parsed = ItemInputSchema.parse(valid);
    expect(parsed).toMatchObject({ nameEn: '', descriptionEn: '', photoId: null, prepMinutes: null, calories: null });
    expect(parsed.optionGroups[0]).toMatchObject({ required: false, minSelections: 0, maxSelections: 1 });
  });

  it('refuses negative or fractional prices, unknown and repeated tags, and an id used twice', () => {
    expect(codesOf(ItemInputSchema.safeParse({ ...valid, priceMinor: -1 }))).toEqual(['priceMinor:too_small']);
    expect(codesOf(ItemInputSchema.safeParse({ ...valid, priceMinor: 12.5 }))).toEqual(['priceMinor:invalid_type']);
    expect(codesOf(ItemInputSchema.safeParse({ ...valid, tags: ['keto'] }))).toEqual(['tags.0:invalid_value']);
    expect(codesOf(ItemInputSchema.safeParse({ ...valid, tags: ['halal', 'halal'] }))).toEqual(['tags:duplicate_tag']);
    const twice = { ...group(), id: id(9) };
    expect(codesOf(ItemInputSchema.safeParse({ ...valid, optionGroups: [twice, twice] }))).toEqual(['optionGroups.0.id:duplicate_id', 'optionGroups.1.id:duplicate_id']);
    expect(codesOf(ItemInputSchema.safeParse({ ...valid, surprise: 1 }))).toEqual([':unrecognized_keys']);
  });

  it('names a nameless option group at its own path however many payloads were checked before', () => {
    // The wrapper puts the item one level deeper, as a list of items would: zod prefixes the path.
    const Items = z.array(ItemInputSchema);
    const nameless = [{ ...valid, optionGroups: [group({ nameEn: '', nameAr: '' })] }];
    for (let i = 0; i < 3; i += 1) {
      expect(codesOf(Items.safeParse(nameless))).toEqual(['0.optionGroups.0.nameEn:name_required']);
      expect(codesOf(ItemInputSchema.safeParse({ ...valid, nameAr: '' }))).toEqual(['nameEn:name_required']);
    }
  });

  it('round-trips through the editor form', () => {
    const item: MenuItem = {
      id: id(2), categoryId: id(1), nameEn: 'Karak', nameAr: 'كرك', descriptionEn: '', descriptionAr: '', priceMinor: 250, taxCategory: 'standard', photoId: null, photoUrl: null,
      prepMinutes: 3, calories: 120, tags: ['dairy'], position: 0, soldOutUntil: null,
      optionGroups: [{ id: id(3), nameEn: 'Size', nameAr: 'الحجم', required: true, minSelections: 1, maxSelections: 1, options: [{ id: id(4), nameEn: 'Large', nameAr: 'كبير', priceDeltaMinor: 100, soldOutUntil: 'indefinitely' }] }],
    };
    expect(ItemInputSchema.parse(itemInputOf(item))).toEqual(itemInputOf(item));
  });
});

describe('orders, deletions and availability commands', () => {
  it('need what they act on', () => {
    expect(codesOf(ItemOrderSchema.safeParse({ categoryId: id(1), ids: [id(2), id(2)] }))).toEqual(['ids:duplicate_id']);
    expect(codesOf(DeleteCategoryQuerySchema.safeParse({ items: 'move' }))).toEqual(['moveTo:required']);
    expect(DeleteCategoryQuerySchema.safeParse({}).success).toBe(true);
    expect(codesOf(AvailabilityCommandSchema.safeParse({ state: 'sold_out' }))).toEqual(['itemIds:nothing_selected']);
  });
});

describe('availability', () => {
  const now = new Date('2025-03-10T12:00:00Z');

  it('is the switch: null available, an instant until then, indefinitely until switched back', () => {
    expect(isAvailable({ soldOutUntil: null }, now)).toBe(true);
    expect(isAvailable({ soldOutUntil: 'indefinitely' }, now)).toBe(false);
    expect(isAvailable({ soldOutUntil: '2025-03-10T12:00:01Z' }, now)).toBe(false);
    expect(isAvailable({ soldOutUntil: '2025-03-10T12:00:00Z' }, now)).toBe(true);
  });

  it('"until the end of the day" ends at the truck’s local midnight', () => {
    // 23:30 in Kuwait (UTC+3) is still the 10th there: sold out until 21:00Z.
    expect(endOfLocalDay('Asia/Kuwait', new Date('2025-03-10T20:30:00Z')).toISOString()).toBe('2025-03-10T21:00:00.000Z');
    // 00:30 in Kuwait is already the 11th: until the next midnight.
    expect(endOfLocalDay('Asia/Kuwait', new Date('2025-03-10T21:30:00Z')).toISOString()).toBe('2025-03-11T21:00:00.000Z');
    // A 23-hour day: London's clocks go forward on 30 March 2025.
    expect(endOfLocalDay('Europe/London', new Date('2025-03-30T12:00:00Z')).toISOString()).toBe('2025-03-30T23:00:00.000Z');
    expect(soldOutUntilFor('sold_out_today', 'Asia/Kuwait', now)).toBe('2025-03-10T21:00:00.000Z');
    expect(soldOutUntilFor('sold_out', 'Asia/Kuwait', now)).toBe('indefinitely');
    expect(soldOutUntilFor('available', 'Asia/Kuwait', now)).toBeNull();
  });
});

describe('priceLine', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const sizes: MenuOptionGroup = {
    id: id(10), nameEn: 'Size', nameAr: 'الحجم', required: true, minSelections: 1, maxSelections: 1,
    options: [
      { id: id(11), nameEn: 'Regular', nameAr: 'عادي', priceDeltaMinor: 0, soldOutUntil: null },
      { id: id(12), nameEn: 'Large', nameAr: 'كبير', priceDeltaMinor: 500, soldOutUntil: null },
    ],
  };
  const extras: MenuOptionGroup = {
    id: id(20), nameEn: 'Extras', nameAr: 'إضافات', required: false, minSelections: 0, maxSelections: 2,
    options: [
      { id: id(21), nameEn: 'Cheese', nameAr: 'جبنة', priceDeltaMinor: 250, soldOutUntil: null },
      { id: id(22), nameEn: 'Garlic', nameAr: 'ثوم', priceDeltaMinor: 100, soldOutUntil: null },
      { id: id(23), nameEn: 'Pickles', nameAr: 'مخلل', priceDeltaMinor: 0, soldOutUntil: '2025-03-10T21:00:00.000Z' },
    ],
  };
  const shawarma = { id: id(1), nameEn: 'Chicken shawarma', nameAr: 'شاورما دجاج', priceMinor: 1250, soldOutUntil: null, optionGroups: [sizes, extras] };

  it('adds the chosen options to the price and multiplies by the quantity, to the fils', () => {
    const line = priceLine(shawarma, [id(21), id(12), id(22)], 3, now);
    expect(line).toEqual({
      ok: true,
      unitPrice: 1250 + 500 + 250 + 100,
      total: 3 * 2100,
      snapshot: {
        itemId: id(1), nameEn: 'Chicken shawarma', nameAr: 'شاورما دجاج', basePriceMinor: 1250,
        // In menu order, whatever order they were picked in.
        options: [
          { groupId: id(10), groupNameEn: 'Size', groupNameAr: 'الحجم', optionId: id(12), nameEn: 'Large', nameAr: 'كبير', priceDeltaMinor: 500 },
          { groupId: id(20), groupNameEn: 'Extras', groupNameAr: 'إضافات', optionId: id(21), nameEn: 'Cheese', nameAr: 'جبنة', priceDeltaMinor: 250 },
          { groupId: id(20), groupNameEn: 'Extras', groupNameAr: 'إضافات', optionId: id(22), nameEn: 'Garlic', nameAr: 'ثوم', priceDeltaMinor: 100 },
        ],
      },
    });
  });

  it('reports every problem of the line at once', () => {
    const line = priceLine({ ...shawarma, soldOutUntil: 'indefinitely' }, [id(23), id(21), id(22), id(21), id(99)], 0, now);
    expect(line.ok).toBe(false);
    expect(!line.ok && line.problems).toEqual([
      { code: 'invalid_quantity', max: 99 },
      { code: 'item_unavailable', itemId: id(1) },
      { code: 'option_duplicate', optionId: id(21) },
      { code: 'option_unknown', optionId: id(99) },
      { code: 'option_group_required', groupId: id(10) },
      { code: 'option_unavailable', optionId: id(23) },
      { code: 'option_group_too_many', groupId: id(20), max: 2 },
    ]);
  });

  it('lets an option sold out for the day back once the day is over', () => {
    expect(priceLine(shawarma, [id(11), id(23)], 1, new Date('2025-03-10T21:00:00Z')).ok).toBe(true);
  });

  it('counts a minimum above one', () => {
    const pickTwo = { ...shawarma, optionGroups: [{ ...extras, required: true, minSelections: 2 }] };
    expect(!priceLine(pickTwo, [id(21)], 1, now).ok && priceLine(pickTwo, [id(21)], 1, now)).toMatchObject({ problems: [{ code: 'option_group_too_few', min: 2 }] });
  });
});

describe('publicMenuAt', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const item = (n: number, categoryId: string, position: number, soldOutUntil: MenuItem['soldOutUntil'] = null): MenuItem => ({
    id: id(n), categoryId, nameEn: `Item ${n}`, nameAr: `صنف ${n}`, descriptionEn: '', descriptionAr: '', priceMinor: 1250, taxCategory: 'standard', photoId: null, photoUrl: null,
    prepMinutes: null, calories: null, tags: [], position, soldOutUntil,
    optionGroups: [{ id: id(n + 100), nameEn: 'Extras', nameAr: 'إضافات', required: false, minSelections: 0, maxSelections: 1, options: [{ id: id(n + 200), nameEn: 'Cheese', nameAr: 'جبنة', priceDeltaMinor: 250, soldOutUntil: '2025-03-10T18:00:00Z' }] }],
  });
  const source = (currency: 'KWD' | 'USD' | 'JPY') => ({
    truck: { slug: 'saj', nameEn: 'Saj', nameAr: 'صاج', currency },
    categories: [
      { id: id(1), nameEn: 'Drinks', nameAr: 'مشروبات', position: 2 },
      { id: id(2), nameEn: 'Wraps', nameAr: 'لفائف', position: 1 },
      { id: id(3), nameEn: 'Empty', nameAr: 'فارغة', position: 0 },
    ],
    items: [item(1, id(1), 0, 'indefinitely'), item(2, id(2), 1, '2025-03-10T21:00:00Z'), item(3, id(2), 0)],
  });

  it('lists categories and items in the vendor’s order, marks what is sold out, and leaves empty categories out', () => {
    const { menu } = publicMenuAt(source('KWD'), now);
    expect(menu.categories.map((c) => [c.nameEn, c.items.map((i) => [i.nameEn, i.available])])).toEqual([
      ['Wraps', [['Item 3', true], ['Item 2', false]]],
      ['Drinks', [['Item 1', false]]],
    ]);
    expect(menu.categories[0]?.items[0]?.optionGroups[0]?.options[0]).toMatchObject({ available: false, priceDelta: '0.250' });
  });

  it('prints prices with the currency’s own decimals', () => {
    const price = (currency: 'KWD' | 'USD' | 'JPY') => publicMenuAt(source(currency), now).menu.categories[0]?.items[0]?.price;
    expect([price('KWD'), price('USD'), price('JPY')]).toEqual(['1.250', '12.50', '1250']);
  });

  it('says when it next changes on its own: the earliest sold-out-until still ahead', () => {
    expect(publicMenuAt(source('KWD'), now).changesAt?.toISOString()).toBe('2025-03-10T18:00:00.000Z');
    expect(publicMenuAt(source('KWD'), new Date('2025-03-10T19:00:00Z')).changesAt?.toISOString()).toBe('2025-03-10T21:00:00.000Z');
    expect(publicMenuAt(source('KWD'), new Date('2025-03-11T00:00:00Z')).changesAt).toBeNull();
  });
});
