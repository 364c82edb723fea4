import type { MenuItem } from '@domain/menu';
import { describe, expect, it } from 'vitest';
import { searchable } from '@domain/names';
import { filterItems, isFiltering, NO_FILTER, searchIndexOf, sectionsOf } from './menu-filter';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const now = new Date('2025-03-10T12:00:00Z');
const item = (n: number, categoryId: string, position: number, over: Partial<MenuItem> = {}): MenuItem => ({
  id: id(n), categoryId, nameEn: `Item ${n}`, nameAr: '', descriptionEn: '', descriptionAr: '', priceMinor: 100, taxCategory: 'standard', photoId: null, photoUrl: null,
  prepMinutes: null, calories: null, tags: [], position, soldOutUntil: null, optionGroups: [], ...over,
});
const categories = [
  { id: id(901), nameEn: 'Wraps', nameAr: 'لفائف', position: 0 },
  { id: id(902), nameEn: 'Drinks', nameAr: 'مشروبات', position: 1 },
  { id: id(903), nameEn: 'Empty', nameAr: '', position: 2 },
];
const items = [
  item(1, id(902), 0, { nameEn: 'Karak chai', nameAr: 'شاي كَرَك', tags: ['dairy'] }),
  item(2, id(901), 1, { nameEn: 'Beef shawarma', nameAr: 'شاورما لحم', tags: ['halal', 'spicy'], soldOutUntil: 'indefinitely' }),
  item(3, id(901), 0, { nameEn: 'Chicken shawarma', nameAr: 'شاورما دجاج', tags: ['halal'], descriptionEn: 'With garlic' }),
  item(4, id(902), 1, { nameEn: 'Lemon mint', nameAr: 'ليمون ونعناع', soldOutUntil: '2025-03-10T11:00:00Z' }),
];
const menu = { categories, items };
const names = (list: MenuItem[]) => list.map((i) => i.nameEn);
const index = searchIndexOf(items);

describe('filterItems', () => {
  it('lists everything in menu order when nothing is filtered', () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(names(filterItems(menu, index, NO_FILTER, now))).toEqual(['Chicken shawarma', 'Beef shawarma', 'Karak chai', 'Lemon mint']);
  });

  it('searches both languages and descriptions, every word, ignoring case, harakat and letter variants', () => {
    const search = (text: string) => names(filterItems(menu, index, { ...NO_FILTER, search: text }, now));
    expect(search('SHAWARMA')).toEqual(['Chicken shawarma', 'Beef shawarma']);
    expect(search('shawarma garlic')).toEqual(['Chicken shawarma']);
    expect(search('كرك')).toEqual(['Karak chai']);
    expect(search('شاورمة')).toEqual([]);
    expect(searchable('أكل  إفطار')).toBe('اكل افطار');
    expect(searchable('شاورمة')).toBe('شاورمه');
  });

  it('filters by category, availability now and every chosen tag', () => {
    const filtered = (over: Partial<typeof NO_FILTER>) => names(filterItems(menu, index, { ...NO_FILTER, ...over }, now));
    expect(filtered({ categoryId: id(902) })).toEqual(['Karak chai', 'Lemon mint']);
    expect(filtered({ availability: 'sold_out' })).toEqual(['Beef shawarma']);
    // Sold out until 11:00, and it is noon: available again.
    expect(filtered({ availability: 'available' })).toEqual(['Chicken shawarma', 'Karak chai', 'Lemon mint']);
    expect(filtered({ tags: ['halal', 'spicy'] })).toEqual(['Beef shawarma']);
  });

  it('groups into sections, keeping empty categories only when not filtering', () => {
    expect(sectionsOf(menu, filterItems(menu, index, NO_FILTER, now), true).map((s) => [s.category.nameEn, s.items.length])).toEqual([
      ['Wraps', 2],
      ['Drinks', 2],
      ['Empty', 0],
    ]);
    expect(sectionsOf(menu, filterItems(menu, index, { ...NO_FILTER, search: 'karak' }, now), false).map((s) => s.category.nameEn)).toEqual(['Drinks']);
  });
});
