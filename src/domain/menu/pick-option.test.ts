import { describe, expect, it } from 'vitest';
import { groupFull, isSingleChoice, pickOption, priceLine, type PricingItem } from './line-pricing';

const option = (id: string) => ({ id, nameEn: id, nameAr: id, priceDeltaMinor: 100, soldOutUntil: null });
const bread = { id: 'bread', nameEn: 'Bread', nameAr: 'الخبز', required: true, minSelections: 1, maxSelections: 1, options: [option('saj'), option('pita')] };
const extras = { id: 'extras', nameEn: 'Extras', nameAr: 'إضافات', required: false, minSelections: 0, maxSelections: 3, options: ['a', 'b', 'c', 'd'].map(option) };
const item: PricingItem = { id: 'wrap', nameEn: 'Wrap', nameAr: 'لفافة', priceMinor: 1000, soldOutUntil: null, optionGroups: [bread, extras] };

describe('pickOption', () => {
  it('takes no fourth extra in a group of up to three, so the line stays one intake accepts; one comes free again once unticked', () => {
    const three = ['saj', 'a', 'b', 'c', 'd'].reduce<string[]>((picked, id) => pickOption(id === 'saj' ? bread : extras, picked, id, true), []);
    expect(three).toEqual(['saj', 'a', 'b', 'c']);
    expect(groupFull(extras, three)).toBe(true);
    expect(priceLine(item, three, 1).ok).toBe(true);
    const two = pickOption(extras, three, 'b', false);
    expect(groupFull(extras, two)).toBe(false);
    expect(pickOption(extras, two, 'd', true)).toEqual(['saj', 'a', 'c', 'd']);
  });

  it('swaps the choice of a single-choice group and leaves other groups alone', () => {
    expect(isSingleChoice(bread)).toBe(true);
    expect(pickOption(bread, ['saj', 'a'], 'pita', true)).toEqual(['a', 'pita']);
    expect(groupFull(bread, ['saj'])).toBe(false);
  });
});
