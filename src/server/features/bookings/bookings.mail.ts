/** The mails of a booking, each in its reader's language: the vendor's on a new request, the customer's on each answer (mail.json's booking). */
import type { Lang } from '@domain/errors';
import { CUSTOMER_CLOCK, dateTimeFormat } from '@domain/locale';
import { formatMoney, type Currency } from '@domain/money';
import { serverText } from '../../platform/i18n';
import type { Mail } from '../../platform/mail';
import type { BookingRow } from './bookings.view';
import { nameIn } from '@domain/names';

type Truck = { nameEn: string; nameAr: string };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Template = 'newRequest' | 'received' | 'quoted' | 'confirmed';
const text = (lang: Lang, key: string) => serverText(lang, `mail:booking.${key}`);

function compose(to: string, lang: Lang, template: Template, values: Record<string, string | number>, extra: string[], link: { label: string; url: string } | null): Mail {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const lines = [serverText(lang, `mail:booking.${template}.body`, values), ...extra];
  return {
    to,
    subject: serverText(lang, `mail:booking.${template}.subject`, values),
    text: `${lines.join('\n\n')}\n${link ? `\n${link.label}: ${link.url}\n` : ''}`,
    html:
      `<div lang="${lang}" dir="${dir}">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` +
      (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '') +
      `</div>`,
  };
}

/** Who reads the mail: the vendor reads the counter's 24-hour clock, the customer the truck page's 12-hour one. */
type Reader = 'vendor' | 'customer';

/** The event's calendar date ('2026-12-04') and wall times ('18:30') in the reader's words and digits. */
function values(row: BookingRow, truck: Truck, lang: Lang, reader: Reader) {
  const clock = dateTimeFormat(lang, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', ...(reader === 'customer' ? CUSTOMER_CLOCK : {}) });
  const wallTime = (hhmm: string) => clock.format(new Date(`1970-01-01T${hhmm}:00Z`));
  return {
    number: row.number,
    truck: nameIn(truck, lang) || 'TruckDesk',
    customer: row.customerName,
    event: row.eventType,
    date: dateTimeFormat(lang, { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(`${row.eventDate}T00:00:00Z`)),
    start: wallTime(row.startTime),
    end: wallTime(row.endTime),
    guests: row.guestCount,
    address: row.address,
  };
}

function formatInstant(at: Date, timeZone: string, lang: Lang): string {
  return dateTimeFormat(lang, { timeZone, dateStyle: 'medium', timeStyle: 'short', ...CUSTOMER_CLOCK }).format(at);
}

export function newRequestMail(to: string, lang: Lang, row: BookingRow, truck: Truck, publicUrl: string): Mail {
  return compose(to, lang, 'newRequest', values(row, truck, lang, 'vendor'), row.menuNotes ? [row.menuNotes] : [], { label: text(lang, 'open'), url: `${publicUrl}/jobs/${row.number}` });
}

export function requestReceivedMail(row: BookingRow, truck: Truck): Mail {
  const lang = row.language;
  return compose(row.customerEmail, lang, 'received', values(row, truck, lang, 'customer'), [], null);
}

export function quoteMail(row: BookingRow, truck: Truck, link: string): Mail {
  const lang = row.language;
  const currency = row.currency as Currency;
  const amount = formatMoney(row.quoteAmount ?? 0, currency, lang);
  const extra = [
    ...(row.quoteMessage ? [row.quoteMessage] : []),
    ...(row.quoteDeposit ? [`${text(lang, 'deposit')}: ${formatMoney(row.quoteDeposit, currency, lang)}`] : []),
    `${text(lang, 'validUntil')}: ${formatInstant(row.quoteValidUntil ?? new Date(), row.timeZone, lang)}`,
  ];
  return compose(row.customerEmail, lang, 'quoted', { ...values(row, truck, lang, 'customer'), amount }, extra, { label: text(lang, 'accept'), url: link });
}

export function confirmedMail(row: BookingRow, truck: Truck): Mail {
  const lang = row.language;
  return compose(row.customerEmail, lang, 'confirmed', values(row, truck, lang, 'customer'), [], null);
}
