import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  CURRENCIES,
  CurrencySchema,
  MoneySchema,
  addMinor,
  formatMoney,
  fromMinor,
  minorUnitExponent,
  multiplyMinor,
  parseDecimalNumber,
  toMinor,
  type Currency,
} from '.';

const MAX = Number.MAX_SAFE_INTEGER;

function minorOf(decimal: string, currency: Currency): number {
  const parsed = toMinor(decimal, currency);
  if (!parsed.ok) throw new Error(`${decimal} ${currency}: ${parsed.code}`);
  return parsed.minor;
}

describe('minorUnitExponent', () => {
  it.each([
    ['KWD', 3], ['BHD', 3], ['OMR', 3], ['JOD', 3], ['TND', 3], ['LYD', 3], ['IQD', 3],
    ['JPY', 0], ['KRW', 0], ['CLP', 0], ['VND', 0], ['ISK', 0],
    ['USD', 2], ['EUR', 2], ['SAR', 2], ['AED', 2], ['EGP', 2], ['LBP', 2],
  ])('%s has %i decimals (ISO 4217)', (currency, exponent) => {
    expect(minorUnitExponent(currency)).toBe(exponent);
  });

  it('refuses what is not an ISO 4217 code', () => {
    expect(() => minorUnitExponent('usd')).toThrow(RangeError);
    expect(() => minorUnitExponent('US')).toThrow(RangeError);
  });

  it('agrees with ICU for every supported currency but IQD, where ICU gives display digits', () => {
    const icuDigits = (currency: string) =>
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    const disagreements = CURRENCIES.filter((currency) => icuDigits(currency) !== minorUnitExponent(currency));
    expect(disagreements).toEqual(['IQD']);
  });
});

describe('CurrencySchema and MoneySchema', () => {
  it('accepts the supported currencies only', () => {
    for (const currency of ['KWD', 'SAR', 'AED', 'QAR', 'BHD', 'OMR', 'JOD', 'EGP', 'USD', 'EUR', 'GBP', 'JPY', 'TRY', 'MAD']) {
      expect(CurrencySchema.safeParse(currency).success, currency).toBe(true);
    }
    expect(CurrencySchema.safeParse('kwd').success).toBe(false);
    expect(CurrencySchema.safeParse('XYZ').success).toBe(false);
  });

  it('holds a non-negative safe integer of minor units', () => {
    expect(MoneySchema.parse({ minor: 1500, currency: 'KWD' })).toEqual({ minor: 1500, currency: 'KWD' });
    for (const minor of [1.5, -1, MAX + 1, Number.NaN]) {
      expect(MoneySchema.safeParse({ minor, currency: 'KWD' }).success, String(minor)).toBe(false);
    }
  });
});

describe('parseDecimalNumber', () => {
  it('reads a number typed with Latin or Arabic digits and any decimal mark, and nothing else', () => {
    expect(parseDecimalNumber('6')).toBe(6);
    expect(parseDecimalNumber(' 6.5 ')).toBe(6.5);
    expect(parseDecimalNumber('٦٫٥')).toBe(6.5);
    expect(parseDecimalNumber('6,5')).toBe(6.5);
    expect(parseDecimalNumber('6.')).toBe(6);
    expect(parseDecimalNumber('.5')).toBe(0.5);
    for (const bad of ['', '.', 'six', '6.5.1', '-1', '1e3']) expect(parseDecimalNumber(bad), bad).toBeNull();
  });
});

describe('toMinor', () => {
  it.each([
    ['1.5', 'KWD', 1500],
    ['1.250', 'KWD', 1250],
    ['0.005', 'KWD', 5],
    ['100', 'JPY', 100],
    ['0.1', 'USD', 10],
    ['.75', 'USD', 75],
    ['12.', 'USD', 1200],
    ['007.50', 'USD', 750],
    [' 3 ', 'SAR', 300],
    ['-2.50', 'USD', -250],
    ['١٢٫٥', 'KWD', 12500],
    ['۱۲.۵', 'KWD', 12500],
    ['9007199254740.991', 'KWD', MAX],
  ] as const)('%j %s is %i', (decimal, currency, minor) => {
    expect(toMinor(decimal, currency)).toEqual({ ok: true, minor });
  });

  it('reads minus zero as zero', () => {
    const parsed = toMinor('-0.000', 'KWD');
    expect(parsed.ok && Object.is(parsed.minor, 0)).toBe(true);
  });

  it.each(['', ' ', '.', '-', 'abc', '1,5', '1,500.00', '1e3', '0x10', '1.2.3', '+1', 'Infinity', '١٬٥٠٠', '12 KWD'])(
    'refuses %j as not an amount',
    (decimal) => {
      expect(toMinor(decimal, 'KWD')).toEqual({ ok: false, code: 'invalid_amount', params: {} });
    },
  );

  it('refuses more decimals than the currency has, rather than rounding', () => {
    expect(toMinor('1.2345', 'KWD')).toEqual({ ok: false, code: 'too_many_decimals', params: { maximum: 3, currency: 'KWD' } });
    expect(toMinor('1.999', 'USD')).toEqual({ ok: false, code: 'too_many_decimals', params: { maximum: 2, currency: 'USD' } });
    expect(toMinor('100.5', 'JPY')).toEqual({ ok: false, code: 'too_many_decimals', params: { maximum: 0, currency: 'JPY' } });
  });

  it('refuses amounts past the safe integer range', () => {
    expect(toMinor('9007199254740.992', 'KWD')).toEqual({ ok: false, code: 'amount_too_large', params: {} });
    expect(toMinor('9'.repeat(400), 'USD')).toEqual({ ok: false, code: 'amount_too_large', params: {} });
  });
});

describe('fromMinor', () => {
  it.each([
    [1500, 'KWD', '1.500'],
    [5, 'KWD', '0.005'],
    [-5, 'KWD', '-0.005'],
    [0, 'KWD', '0.000'],
    [100, 'JPY', '100'],
    [-100, 'JPY', '-100'],
    [1, 'USD', '0.01'],
    [123456, 'USD', '1234.56'],
    [MAX, 'KWD', '9007199254740.991'],
  ] as const)('%i %s is %j', (minor, currency, decimal) => {
    expect(fromMinor(minor, currency)).toBe(decimal);
  });

  it('refuses non-integers and unsafe integers', () => {
    expect(() => fromMinor(1.5, 'USD')).toThrow(RangeError);
    expect(() => fromMinor(MAX + 1, 'USD')).toThrow(RangeError);
    expect(() => fromMinor(Number.NaN, 'USD')).toThrow(RangeError);
  });
});

describe('decimal round trips (properties)', () => {
  const currency = fc.constantFrom(...CURRENCIES);

  /** The canonical form, computed on the string alone: no leading zeros, every decimal, no "-0". */
  function normalise(sign: string, whole: string, fraction: string, exponent: number): string {
    const digits = (whole.replace(/^0+/, '') || '0') + (exponent > 0 ? `.${fraction.padEnd(exponent, '0')}` : '');
    return /[1-9]/.test(whole + fraction) ? sign + digits : digits;
  }

  it('fromMinor(toMinor(x)) is x normalised', () => {
    const decimal = currency.chain((code) =>
      fc.record({
        code: fc.constant(code),
        sign: fc.constantFrom('', '-'),
        whole: fc.stringMatching(/^\d{1,12}$/),
        fraction: fc.stringMatching(new RegExp(`^\\d{0,${minorUnitExponent(code)}}$`)),
      }),
    );
    fc.assert(
      fc.property(decimal, ({ code, sign, whole, fraction }) => {
        const text = fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
        expect(fromMinor(minorOf(text, code), code)).toBe(normalise(sign, whole, fraction, minorUnitExponent(code)));
      }),
    );
  });

  it('toMinor(fromMinor(m)) is m for every safe integer', () => {
    fc.assert(
      fc.property(currency, fc.maxSafeInteger().chain((m) => fc.constantFrom(m, -m)), (code, minor) => {
        expect(toMinor(fromMinor(minor, code), code)).toEqual({ ok: true, minor: minor === 0 ? 0 : minor });
      }),
    );
  });

  it('adds decimals without float drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromMinor(addMinor(minorOf('0.1', 'USD'), minorOf('0.2', 'USD')), 'USD')).toBe('0.30');
    expect(fromMinor(addMinor(minorOf('0.1', 'KWD'), minorOf('0.2', 'KWD')), 'KWD')).toBe('0.300');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 }), (amounts) => {
        const exact = amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
        expect(BigInt(addMinor(...amounts))).toBe(exact);
      }),
    );
  });
});

describe('addMinor and multiplyMinor', () => {
  it('stay exact and integral', () => {
    expect(addMinor()).toBe(0);
    expect(addMinor(1250, 750, 5)).toBe(2005);
    expect(multiplyMinor(1250, 3)).toBe(3750);
    expect(Object.is(multiplyMinor(-5, 0), 0)).toBe(true);
  });

  it('refuse a result past the safe range as amount_too_large', () => {
    const tooLarge = expect.objectContaining({ code: 'amount_too_large', status: 422 });
    expect(() => addMinor(MAX, 1)).toThrow(DomainError);
    expect(() => addMinor(MAX, 1)).toThrow(tooLarge);
    // The running total is checked, so a sum that would come back into range is refused too.
    expect(() => addMinor(MAX, 2, -2)).toThrow(tooLarge);
    expect(() => multiplyMinor(MAX, 2)).toThrow(tooLarge);
    expect(() => multiplyMinor(2 ** 27, 2 ** 26)).toThrow(tooLarge);
  });

  it('refuse inputs that are not safe integers', () => {
    expect(() => addMinor(1, 0.5)).toThrow(RangeError);
    expect(() => multiplyMinor(100, 1.5)).toThrow(RangeError);
    expect(() => multiplyMinor(MAX + 1, 1)).toThrow(RangeError);
  });

  it('multiply exactly or refuse (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: -(2 ** 20), max: 2 ** 20 }), (minor, quantity) => {
        const exact = BigInt(minor) * BigInt(quantity);
        if (exact > BigInt(MAX) || exact < -BigInt(MAX)) expect(() => multiplyMinor(minor, quantity)).toThrow(DomainError);
        else expect(BigInt(multiplyMinor(minor, quantity))).toBe(exact);
      }),
    );
  });
});

describe('formatMoney', () => {
  /** Bidi marks around numbers are ICU's to place; the digits, separators and symbol are ours to check. */
  const withoutBidiMarks = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

  it('formats in English with every decimal of the currency', () => {
    expect(formatMoney(1234500, 'KWD', 'en')).toBe('KWD\u00a01,234.500');
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(1235, 'JPY', 'en')).toBe('¥1,235');
    expect(formatMoney(150, 'SAR', 'en')).toBe('SAR\u00a01.50');
    expect(formatMoney(-5, 'KWD', 'en')).toBe('-KWD\u00a00.005');
  });

  it('keeps ISO decimals where ICU would drop them (IQD fils)', () => {
    expect(formatMoney(12500, 'IQD', 'en')).toBe('IQD\u00a012.500');
  });

  it('formats in Arabic with Arabic-Indic digits and separators', () => {
    expect(withoutBidiMarks(formatMoney(1234500, 'KWD', 'ar'))).toBe('١٬٢٣٤٫٥٠٠\u00a0د.ك.');
    expect(withoutBidiMarks(formatMoney(150, 'SAR', 'ar'))).toBe('١٫٥٠\u00a0ر.س.');
    expect(withoutBidiMarks(formatMoney(123456, 'USD', 'ar'))).toBe('١٬٢٣٤٫٥٦\u00a0US$');
    expect(formatMoney(987654321, 'BHD', 'ar')).not.toMatch(/[0-9]/);
  });

  it('prints amounts beyond double precision exactly', () => {
    expect(formatMoney(MAX, 'KWD', 'en')).toBe('KWD\u00a09,007,199,254,740.991');
  });
});
