import { describe, expect, it } from 'vitest';
import { moveBy, placeBefore } from './reorder';

describe('reorder', () => {
  it('places a dragged id before another, at the end, or from another list', () => {
    expect(placeBefore(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(placeBefore(['a', 'b', 'c'], 'a', null)).toEqual(['b', 'c', 'a']);
    expect(placeBefore(['a', 'b'], 'x', 'b')).toEqual(['a', 'x', 'b']);
  });

  it('moves one step with the keyboard, not past the ends', () => {
    expect(moveBy(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(moveBy(['a', 'b', 'c'], 'c', 1)).toBeNull();
  });
});
