/** The mails of a booking, each in its reader's language: the vendor's on a new request, the customer's on each answer (mail.json's booking). */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';
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

function values(row: BookingRow, truck: Truck, lang: Lang) {
  return {
    number: row.number,
    truck: nameIn(truck, lang) || 'TruckDesk',
    customer: row.customerName,
    event: row.eventType,
    date: row.eventDate,
    start: row.startTime,
    end: row.endTime,
    guests: row.guestCount,
    address: row.address,
  };
}

function formatInstant(at: Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export function newRequestMail(to: string, lang: Lang, row: BookingRow, truck: Truck, publicUrl: string): Mail {
  return compose(to, lang, 'newRequest', values(row, truck, lang), row.menuNotes ? [row.menuNotes] : [], { label: text(lang, 'open'), url: `${publicUrl}/jobs/${row.number}` });
}

export function requestReceivedMail(row: BookingRow, truck: Truck): Mail {
  const lang = row.language;
  return compose(row.customerEmail, lang, 'received', values(row, truck, lang), [], null);
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
  return compose(row.customerEmail, lang, 'quoted', { ...values(row, truck, lang), amount }, extra, { label: text(lang, 'accept'), url: link });
}

export function confirmedMail(row: BookingRow, truck: Truck): Mail {
  const lang = row.language;
  return compose(row.customerEmail, lang, 'confirmed', values(row, truck, lang), [], null);
}
