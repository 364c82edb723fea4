/**
 * Promotions worded for people, without zod or Temporal (the customer's truck page uses these): a
 * wall-clock date-time of the truck as written on its clock, the discount ("10 %", "1.500 KWD off")
 * and the parameters of a refusal's message.
 */
import type { Lang } from '../error-codes';
import { CUSTOMER_CLOCK, dateTimeFormat, numberFormat } from '../locale';
import { formatMoney, type Currency } from '../money/minor';
import type { DiscountSpec } from './rules';

/**
 * `2026-03-01T18:00` as the truck's clock shows it: the digits are read as they are (the wall clock
 * already is the truck's), so formatting in UTC changes nothing.
 */
export function formatWall(wall: string, lang: Lang, clock: Intl.DateTimeFormatOptions = {}): string {
  const at = new Date(`${wall}:00Z`);
  if (Number.isNaN(at.getTime())) return wall;
  return dateTimeFormat(lang, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', ...clock }).format(at);
}

/** `15:00` on the clock (the customer's 12-hour one when asked). */
export function formatWallTime(time: string, lang: Lang, clock: Intl.DateTimeFormatOptions = {}): string {
  return formatWall(`1970-01-01T${time}`, lang, { day: undefined, month: undefined, year: undefined, ...clock });
}

/** "10 %" or the fixed amount in the truck's currency. */
export function formatDiscount(discount: DiscountSpec, currency: Currency, lang: Lang): string {
  if (discount.kind === 'fixed') return formatMoney(discount.minor, currency, lang);
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(discount.basisPoints / 10_000);
}

/** A refusal's params as its message's placeholders take them: money and clock times written out. */
export function reasonValues(params: Readonly<Record<string, string | number>>, currency: Currency, lang: Lang, customer = false): Record<string, string> {
  const clock = customer ? CUSTOMER_CLOCK : {};
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'minimum' && typeof value === 'number') values[name] = formatMoney(value, currency, lang);
    else if ((name === 'from' || name === 'until') && typeof value === 'string') values[name] = value.includes('T') ? formatWall(value, lang, clock) : formatWallTime(value, lang, clock);
    else values[name] = String(value);
  }
  return values;
}
