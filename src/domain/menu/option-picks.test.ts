import { describe, expect, it } from 'vitest';
import { isSingleChoice, pickOption, priceLine, type PricingItem } from './line-pricing';

const option = (id: string) => ({ id, nameEn: id, nameAr: id, priceDeltaMinor: 100, soldOutUntil: null });
const bread = { id: 'bread', nameEn: 'Bread', nameAr: 'الخبز', required: true, minSelections: 1, maxSelections: 1, options: [option('saj'), option('pita')] };
const extras = { id: 'extras', nameEn: 'Extras', nameAr: 'إضافات', required: false, minSelections: 0, maxSelections: 3, options: ['a', 'b', 'c', 'd'].map(option) };
const item: PricingItem = { id: 'wrap', nameEn: 'Wrap', nameAr: 'لفافة', priceMinor: 1000, soldOutUntil: null, optionGroups: [bread, extras] };

describe('picking an option', () => {
  it('replaces the pick of a single-choice group', () => {
    expect(isSingleChoice(bread)).toBe(true);
    expect(pickOption(bread, ['saj', 'a'], 'pita', true)).toEqual(['a', 'pita']);
  });

  it('refuses a pick beyond the group maximum, so the line stays one intake accepts', () => {
    let picked = ['saj'];
    for (const id of ['a', 'b', 'c', 'd']) picked = pickOption(extras, picked, id, true);
    expect(picked).toEqual(['saj', 'a', 'b', 'c']);
    expect(priceLine(item, picked, 1).ok).toBe(true);
    expect(pickOption(extras, pickOption(extras, picked, 'b', false), 'd', true)).toEqual(['saj', 'a', 'c', 'd']);
  });
});
