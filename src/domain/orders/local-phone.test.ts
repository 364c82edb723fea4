import { describe, expect, it } from 'vitest';
import { PhoneSchema } from '../accounts';
import { withTruckCountry } from './local-phone';

describe('a phone typed at the counter', () => {
  it('gets the truck country code when typed without one, and passes the phone rule', () => {
    expect(withTruckCountry('5555 1234', 'KWD')).toBe('+9655555 1234');
    expect(PhoneSchema.parse(withTruckCountry('5555-1234', 'KWD'))).toBe('+96555551234');
    expect(withTruckCountry('3600 1234', 'BHD')).toBe('+9733600 1234');
  });

  it('keeps a number that already has a country code, an empty one, and any in a currency of several countries', () => {
    expect(withTruckCountry('+966 50 123 4567', 'KWD')).toBe('+966 50 123 4567');
    expect(withTruckCountry('0096650123456', 'KWD')).toBe('0096650123456');
    expect(withTruckCountry('٠٠٩٦٦٥٠١٢٣٤٥٦', 'KWD')).toBe('٠٠٩٦٦٥٠١٢٣٤٥٦');
    expect(withTruckCountry('  ', 'KWD')).toBe('  ');
    expect(withTruckCountry('5555 1234', 'USD')).toBe('5555 1234');
  });
});
