/** The mail a truck's owner gets when an admin decides on the truck, in the owner's language (mail.json's review). */
import type { Lang } from '@domain/errors';
import type { ReviewCommand } from '@domain/trucks';
import { serverText } from '../../platform/i18n';
import type { Mail } from '../../platform/mail';
import { nameIn } from '@domain/names';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reviewDecisionMail(to: string, lang: Lang, truck: { nameEn: string; nameAr: string }, command: ReviewCommand, publicUrl: string): Mail {
  const name = nameIn(truck, lang) || serverText(lang, 'mail:review.untitled');
  const text = (key: string) => serverText(lang, `mail:review.${key}`, { name });
  const t = { reason: text('reason'), open: text('open') };
  const body = text(`${command.action}.body`);
  const reason = 'reason' in command ? command.reason : null;
  const link = `${publicUrl}/truck-info`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return {
    to,
    subject: text(`${command.action}.subject`),
    text: `${body}\n${reason ? `\n${t.reason}: ${reason}\n` : ''}\n${t.open}: ${link}\n`,
    html:
      `<div lang="${lang}" dir="${dir}"><p>${escapeHtml(body)}</p>` +
      (reason ? `<p><strong>${escapeHtml(t.reason)}:</strong> ${escapeHtml(reason)}</p>` : '') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p></div>`,
  };
}
