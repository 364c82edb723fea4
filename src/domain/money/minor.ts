/**
 * Money (docs/product.md §2.5): integer minor units of the truck's ISO 4217 currency. Amounts are
 * parsed from and printed to decimal strings digit by digit, so no binary float ever touches a price.
 * No schemas here (money.ts adds them): the customer's page formats and adds prices without zod.
 */
import { DomainError, type Lang } from '../error-codes';
import { intlLocale } from '../locale';

/** The currencies a truck may price in: the Gulf and the wider Arab world first, then the usual majors. */
export const CURRENCIES = [
  'KWD', 'SAR', 'AED', 'QAR', 'BHD', 'OMR', 'JOD', 'IQD', 'EGP', 'MAD', 'DZD', 'TND', 'LYD', 'TRY',
  'USD', 'EUR', 'GBP', 'JPY',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * ISO 4217 minor units that are not 2. Deliberately not read from ICU at run time: ICU reports
 * CLDR's display digits, which differ from ISO 4217 for about twenty codes (IQD 0 instead of 3,
 * IDR, HUF, PKR… 0 instead of 2) and may change with the browser's CLDR version; the exponent
 * decides how stored integers are read, so server and every browser must agree on it. The tests
 * check that ICU matches this table for every supported currency except IQD.
 */
const NON_DECIMAL_EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0,
  VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

export function minorUnitExponent(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`Not an ISO 4217 code: ${currency}`);
  return NON_DECIMAL_EXPONENTS[currency] ?? 2;
}

export type AmountErrorCode = 'invalid_amount' | 'too_many_decimals' | 'amount_too_large';
export type ParsedAmount = { ok: true; minor: number } | { ok: false; code: AmountErrorCode; params: Record<string, unknown> };

/** Arabic keyboards type Arabic-Indic (or Persian) digits and the Arabic decimal separator. */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
}

// No grouping separators: "1,500" is a thousand and a half in one locale and one and a half in another.
const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * Parses what a person typed ("12.5", "١٢٫٥٠٠", ".75") into minor units, exactly. Refuses more
 * decimals than the currency has rather than rounding someone's price.
 */
export function toMinor(decimal: string, currency: Currency): ParsedAmount {
  const match = DECIMAL.exec(latinDigits(decimal.trim()));
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || whole.length + fraction.length === 0) return { ok: false, code: 'invalid_amount', params: {} };
  const exponent = minorUnitExponent(currency);
  if (fraction.length > exponent) return { ok: false, code: 'too_many_decimals', params: { maximum: exponent, currency } };
  // Rounding is monotonic and 2^53 is a double, so anything past MAX_SAFE_INTEGER stays unsafe here.
  const magnitude = Number(whole + fraction.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(magnitude)) return { ok: false, code: 'amount_too_large', params: {} };
  return { ok: true, minor: sign && magnitude !== 0 ? -magnitude : magnitude };
}

/**
 * A plain decimal number as a person typed it ("6.5", "٦٫٥", "6,5"), or null when the text is not
 * one: the forms keep what was typed and read the number from it, so "6." on its way to "6.5" stays.
 */
export function parseDecimalNumber(text: string): number | null {
  const match = /^(\d+)(?:[.,\u060c](\d*))?$|^[.,\u060c](\d+)$/.exec(latinDigits(text.trim()));
  if (!match) return null;
  return Number(`${match[1] ?? '0'}.${match[2] ?? match[3] ?? ''}`.replace(/\.$/, ''));
}

function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

/** The canonical decimal string: every decimal the currency has, no grouping, '-' for negatives. */
export function fromMinor(minor: number, currency: Currency): string {
  assertSafeInteger(minor, 'minor');
  const exponent = minorUnitExponent(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: Currency, lang: Lang): Intl.NumberFormat {
  const key = `${lang}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = minorUnitExponent(currency);
    // The interface's digits (../locale.ts): Arabic-Indic in Arabic.
    formatter = new Intl.NumberFormat(intlLocale(lang), {
      style: 'currency',
      currency,
      // ICU would print IQD with no decimals; a receipt shows what was charged, to the fils.
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats the exact decimal string (Intl accepts one), so even amounts beyond double precision print right. */
export function formatMoney(minor: number, currency: Currency, lang: Lang): string {
  return moneyFormatter(currency, lang).format(fromMinor(minor, currency) as Intl.StringNumericLiteral);
}

function assertSafeResult(result: number): number {
  if (!Number.isSafeInteger(result)) throw new DomainError('amount_too_large', 422);
  // -5 × 0 is -0, which would print as "-0.000".
  return result === 0 ? 0 : result;
}

/**
 * Exact while every running total stays a safe integer; past that the amount is refused rather
 * than rounded (checked at each step, as a rounded partial sum could come back into range wrong).
 */
export function addMinor(...amounts: number[]): number {
  amounts.forEach((amount) => assertSafeInteger(amount, 'amount'));
  return amounts.reduce((sum, amount) => assertSafeResult(sum + amount), 0);
}

/** Line totals: a price times a whole quantity. Fractions (tax, discounts) need a rounding rule first. */
export function multiplyMinor(minor: number, quantity: number): number {
  assertSafeInteger(minor, 'minor');
  assertSafeInteger(quantity, 'quantity');
  return assertSafeResult(minor * quantity);
}

/** A rate in basis points as a percentage in the interface's digits: 1500 → "15%" («١٥٪»), 825 → "8.25%". */
export function formatPercent(basisPoints: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}
