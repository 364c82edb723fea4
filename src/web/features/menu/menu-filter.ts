/**
 * Search and filters of the /menu screen, as pure functions over the loaded menu: a 300-item menu
 * is filtered on every keystroke, so each item's searchable text is prepared once per menu.
 */
import type { Menu, MenuItem } from '@domain/menu';
import { isAvailable, type DietaryTag } from '@domain/menu/line-pricing';
import { searchable } from '@domain/names';

export type AvailabilityFilter = 'all' | 'available' | 'sold_out';

export interface MenuFilter {
  search: string;
  categoryId: string | null;
  availability: AvailabilityFilter;
  tags: readonly DietaryTag[];
}

export const NO_FILTER: MenuFilter = { search: '', categoryId: null, availability: 'all', tags: [] };

export const isFiltering = (filter: MenuFilter) =>
  filter.search.trim() !== '' || filter.categoryId !== null || filter.availability !== 'all' || filter.tags.length > 0;

export type SearchIndex = ReadonlyMap<string, string>;

/** Per item object: an edit or a toggle makes a new object for that item only, so the rest is reused. */
const searchTexts = new WeakMap<MenuItem, string>();

function searchTextOf(item: MenuItem): string {
  let text = searchTexts.get(item);
  if (text === undefined) {
    const optionNames = item.optionGroups.flatMap((group) => group.options.flatMap((option) => [option.nameEn, option.nameAr]));
    text = searchable([item.nameEn, item.nameAr, item.descriptionEn, item.descriptionAr, ...optionNames].join(' '));
    searchTexts.set(item, text);
  }
  return text;
}

export function searchIndexOf(items: readonly MenuItem[]): SearchIndex {
  return new Map(items.map((item) => [item.id, searchTextOf(item)]));
}

/** Items in menu order (category order, then position) that pass every filter; every word searched must appear. */
export function filterItems(menu: Pick<Menu, 'categories' | 'items'>, index: SearchIndex, filter: MenuFilter, now: Date): MenuItem[] {
  const words = searchable(filter.search).split(' ').filter(Boolean);
  const categoryRank = new Map(menu.categories.map((category, rank) => [category.id, rank]));
  return menu.items
    .filter((item) => {
      if (filter.categoryId !== null && item.categoryId !== filter.categoryId) return false;
      if (filter.availability !== 'all' && isAvailable(item, now) !== (filter.availability === 'available')) return false;
      if (filter.tags.some((tag) => !item.tags.includes(tag))) return false;
      const text = index.get(item.id) ?? '';
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => (categoryRank.get(a.categoryId) ?? 0) - (categoryRank.get(b.categoryId) ?? 0) || a.position - b.position);
}

/** The filtered items under their categories, categories in menu order; empty ones only when not filtering. */
export function sectionsOf(menu: Pick<Menu, 'categories'>, items: readonly MenuItem[], keepEmpty: boolean) {
  const byCategory = new Map<string, MenuItem[]>();
  for (const item of items) {
    const list = byCategory.get(item.categoryId) ?? [];
    list.push(item);
    byCategory.set(item.categoryId, list);
  }
  return menu.categories
    .map((category) => ({ category, items: byCategory.get(category.id) ?? [] }))
    .filter((section) => keepEmpty || section.items.length > 0);
}
