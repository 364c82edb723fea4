import { describe, expect, it } from 'vitest';
import { money } from './home-format';

describe('home money', () => {
  // ICU gives IQD 0 decimals; ISO 4217 (and the stored integers) have 3: 1500 fils are 1.500 dinars, not 1,500.
  it('reads minor units with the ISO 4217 exponent, not ICU digits', () => {
    expect(money(1500, 'IQD', 'en')).toMatch(/^IQD\s1\.500$/);
    expect(money(1500, 'KWD', 'en')).toMatch(/^KWD\s1\.500$/);
    expect(money(1500, 'KWD', 'ar')).toContain('١٫٥٠٠');
    expect(money(1500, 'IQD', 'ar')).toContain('١٫٥٠٠');
  });
});
