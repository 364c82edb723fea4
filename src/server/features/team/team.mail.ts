/**
 * The invitation mail. The invitee's language is not known yet, so it speaks both: English, then
 * Arabic (right to left in the HTML part). Texts: mail.json's invitation.
 */
import type { Lang } from '@domain/errors';
import { intlLocale } from '@domain/locale';
import { serverText } from '../../platform/i18n';
import type { Mail } from '../../platform/mail';
import { nameIn } from '@domain/names';

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
  const truck = nameIn(input.truck, lang);
  const date = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: input.timeZone }).format(input.expiresAt);
  const text = (key: string, values?: Record<string, unknown>) => serverText(lang, `mail:invitation.${key}`, values);
  const t = { action: text('action'), subject: text('subject', { truck }) };
  const greeting = input.name ? text('greeting', { name: input.name }) : text('greetingUnnamed');
  const inviter = input.inviter ?? text('inviterUnnamed');
  const lines = [greeting, text('intro', { truck, inviter }), `${t.action}: ${input.link}`, text('expiry', { date }), text('ignore')];
  const html =
    `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>` +
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(lines[3]!)}<br>${escapeHtml(lines[4]!)}</p></div>`;
  return { subject: t.subject, text: lines.join('\n\n'), html };
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
