import { describe, expect, it } from 'vitest';
import { groupFull, pickOption } from './line-pricing';

const extras = { maxSelections: 3, options: ['a', 'b', 'c', 'd'].map((id) => ({ id })) };
const bread = { maxSelections: 1, options: [{ id: 'saj' }, { id: 'pita' }] };

describe('pickOption', () => {
  it('takes no fourth extra in a group of up to three, and one comes free again once unticked', () => {
    const three = ['a', 'b', 'c'].reduce<string[]>((picked, id) => pickOption(extras, picked, id, true), []);
    expect(groupFull(extras, three)).toBe(true);
    expect(pickOption(extras, three, 'd', true)).toEqual(['a', 'b', 'c']);
    const two = pickOption(extras, three, 'b', false);
    expect(groupFull(extras, two)).toBe(false);
    expect(pickOption(extras, two, 'd', true)).toEqual(['a', 'c', 'd']);
  });

  it('swaps the choice of a single-choice group and leaves other groups alone', () => {
    expect(pickOption(bread, ['saj', 'a'], 'pita', true)).toEqual(['a', 'pita']);
    expect(groupFull(bread, ['saj'])).toBe(false);
  });
});
