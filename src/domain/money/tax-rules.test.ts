import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints } from './tax-rules';

describe('a percentage typed in a form', () => {
  it('reads as basis points in either digits, with at most two decimals', () => {
    expect(percentToBasisPoints('15')).toBe(1500);
    expect(percentToBasisPoints(' 7.25 ')).toBe(725);
    expect(percentToBasisPoints('١٢٫٥')).toBe(1250);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('8.125')).toBeNull();
    expect(percentToBasisPoints('')).toBeNull();
    expect(percentToBasisPoints('-5')).toBeNull();
    expect(percentToBasisPoints('ten')).toBeNull();
  });

  it('shows basis points as the plain number the field holds', () => {
    expect([1500, 725, 0, 1250].map(basisPointsToPercent)).toEqual(['15', '7.25', '0', '12.5']);
    for (const bp of [1, 99, 1234, 10_000]) expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
});
