/**
 * The invitation mail. The invitee's language is not known yet, so it speaks both: English, then
 * Arabic (right to left in the HTML part).
 */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';
import type { Mail } from '../../platform/mail';
import { nameIn } from '@domain/names';

const TEXT = {
  en: {
    subject: (truck: string) => `You are invited to work on ${truck} on TruckDesk`,
    greeting: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (truck: string, inviter: string | null) =>
      `${inviter ?? 'The owner'} invited you to join the team of ${truck} on TruckDesk as staff: you will take orders, handle bookings and mark menu items sold out.`,
    action: 'Accept the invitation',
    expiry: (date: string) => `The link works once, until ${date}. Sign up or sign in with this email address to join.`,
    ignore: 'If you do not know this truck, ignore this mail.',
  },
  ar: {
    subject: (truck: string) => `دعوة للعمل في ${truck} على TruckDesk`,
    greeting: (name: string | null) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    intro: (truck: string, inviter: string | null) =>
      `${inviter ?? 'المالك'} دعاك للانضمام إلى فريق ${truck} على TruckDesk بصفة موظف: ستستقبل الطلبات وتتابع الحجوزات وتحدد الأصناف النافدة من القائمة.`,
    action: 'اقبل الدعوة',
    expiry: (date: string) => `يعمل الرابط مرة واحدة حتى ${date}. أنشئ حسابًا أو سجّل الدخول بهذا البريد الإلكتروني للانضمام.`,
    ignore: 'إذا كنت لا تعرف هذه العربة فتجاهل هذه الرسالة.',
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface InvitationMailInput {
  to: string;
  name: string | null;
  truck: { nameEn: string; nameAr: string };
  inviter: string | null;
  link: string;
  expiresAt: Date;
  /** The truck's: the date in the mail is the one its people live by. */
  timeZone: string;
}

function part(lang: Lang, input: InvitationMailInput) {
  const t = TEXT[lang];
  const truck = nameIn(input.truck, lang);
  const date = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: input.timeZone }).format(input.expiresAt);
  const lines = [t.greeting(input.name), t.intro(truck, input.inviter), `${t.action}: ${input.link}`, t.expiry(date), t.ignore];
  const html =
    `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>` +
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(lines[3]!)}<br>${escapeHtml(lines[4]!)}</p></div>`;
  return { subject: t.subject(truck), text: lines.join('\n\n'), html };
}

export function invitationMail(input: InvitationMailInput): Mail {
  const en = part('en', input);
  const ar = part('ar', input);
  return {
    to: input.to,
    subject: `${en.subject} / ${ar.subject}`,
    text: `${en.text}\n\n---\n\n${ar.text}\n`,
    html: `${en.html}<hr>${ar.html}`,
  };
}
