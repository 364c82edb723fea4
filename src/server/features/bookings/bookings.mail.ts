/** The mails of a booking, each in its reader's language: the vendor's on a new request, the customer's on each answer. */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';
import { formatMoney, type Currency } from '@domain/money';
import type { Mail } from '../../platform/mail';
import type { BookingRow } from './bookings.view';
import { nameIn } from '@domain/names';

type Truck = { nameEn: string; nameAr: string };
type Template = { subject: string; body: string };

const TEXT: Record<Lang, { newRequest: Template; received: Template; quoted: Template; confirmed: Template; open: string; accept: string; validUntil: string; deposit: string }> = {
  en: {
    newRequest: {
      subject: 'New booking request #{{number}}: {{event}} on {{date}}',
      body: '{{customer}} asks for {{truck}} at a {{event}} on {{date}}, {{start}}–{{end}}, for {{guests}} guests at {{address}}.',
    },
    received: {
      subject: 'We received your booking request for {{truck}}',
      body: 'Thank you, {{customer}}. {{truck}} received your request #{{number}} for {{date}}, {{start}}–{{end}}, and will send you a quote.',
    },
    quoted: {
      subject: 'Your quote from {{truck}} for {{date}}',
      body: '{{truck}} quotes {{amount}} for your {{event}} on {{date}}, {{start}}–{{end}}.',
    },
    confirmed: {
      subject: 'Your booking with {{truck}} is confirmed',
      body: 'Your booking #{{number}} with {{truck}} for {{date}}, {{start}}–{{end}}, is confirmed.',
    },
    open: 'Open the booking',
    accept: 'See and accept the quote',
    validUntil: 'The quote is valid until',
    deposit: 'Deposit',
  },
  ar: {
    newRequest: {
      subject: 'طلب حجز جديد رقم {{number}}: {{event}} بتاريخ {{date}}',
      body: 'يطلب {{customer}} حضور {{truck}} في {{event}} بتاريخ {{date}}، من {{start}} إلى {{end}}، لعدد {{guests}} ضيفًا في {{address}}.',
    },
    received: {
      subject: 'استلمنا طلب حجزك لدى {{truck}}',
      body: 'شكرًا لك يا {{customer}}. استلمت {{truck}} طلبك رقم {{number}} ليوم {{date}}، من {{start}} إلى {{end}}، وسترسل إليك عرض سعر.',
    },
    quoted: {
      subject: 'عرض السعر من {{truck}} ليوم {{date}}',
      body: 'تعرض {{truck}} مبلغ {{amount}} لمناسبتك ({{event}}) بتاريخ {{date}}، من {{start}} إلى {{end}}.',
    },
    confirmed: {
      subject: 'تم تأكيد حجزك لدى {{truck}}',
      body: 'تم تأكيد حجزك رقم {{number}} لدى {{truck}} ليوم {{date}}، من {{start}} إلى {{end}}.',
    },
    open: 'افتح الحجز',
    accept: 'اطّلع على عرض السعر واقبله',
    validUntil: 'عرض السعر صالح حتى',
    deposit: 'العربون',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, lang: Lang, template: Template, values: Record<string, string | number>, extra: string[], link: { label: string; url: string } | null): Mail {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const lines = [fill(template.body), ...extra];
  return {
    to,
    subject: fill(template.subject),
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
  return compose(to, lang, TEXT[lang].newRequest, values(row, truck, lang), row.menuNotes ? [row.menuNotes] : [], { label: TEXT[lang].open, url: `${publicUrl}/jobs/${row.number}` });
}

export function requestReceivedMail(row: BookingRow, truck: Truck): Mail {
  const lang = row.language;
  return compose(row.customerEmail, lang, TEXT[lang].received, values(row, truck, lang), [], null);
}

export function quoteMail(row: BookingRow, truck: Truck, link: string): Mail {
  const lang = row.language;
  const t = TEXT[lang];
  const currency = row.currency as Currency;
  const amount = formatMoney(row.quoteAmount ?? 0, currency, lang);
  const extra = [
    ...(row.quoteMessage ? [row.quoteMessage] : []),
    ...(row.quoteDeposit ? [`${t.deposit}: ${formatMoney(row.quoteDeposit, currency, lang)}`] : []),
    `${t.validUntil}: ${formatInstant(row.quoteValidUntil ?? new Date(), row.timeZone, lang)}`,
  ];
  return compose(row.customerEmail, lang, t.quoted, { ...values(row, truck, lang), amount }, extra, { label: t.accept, url: link });
}

export function confirmedMail(row: BookingRow, truck: Truck): Mail {
  const lang = row.language;
  return compose(row.customerEmail, lang, TEXT[lang].confirmed, values(row, truck, lang), [], null);
}
