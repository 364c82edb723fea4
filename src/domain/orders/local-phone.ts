/**
 * A phone number taken at the counter is often said without the country code ("5555 1234"): the
 * customer is local. The truck's currency says which country the truck trades in (no truck field
 * names the country), and its calling code makes the local number international, so the phone rule
 * (accounts' PhoneSchema, which forgives separators and other digits) then checks it as any other.
 */

/** Calling codes of the countries whose currency is theirs alone; a truck in another currency types the + itself. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  KWD: '965',
  BHD: '973',
  QAR: '974',
  OMR: '968',
  SAR: '966',
  AED: '971',
  JOD: '962',
  EGP: '20',
};

/** Already international: a + or 00 (in Latin or Arabic-Indic digits) after any spaces. */
const INTERNATIONAL = /^\s*(\+|[0٠]{2})/;

/** The calling code ("965") local numbers get at a truck trading in this currency, or null. */
export const truckCallingCode = (currency: string): string | null => CALLING_CODES[currency] ?? null;

/** The number as typed, with the truck's country code in front when it was typed without one. */
export function withTruckCountry(phone: string, currency: string): string {
  const code = truckCallingCode(currency);
  if (!code || phone.trim() === '' || INTERNATIONAL.test(phone)) return phone;
  return `+${code}${phone.trim()}`;
}
