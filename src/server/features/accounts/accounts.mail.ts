/** The accounts mails, in the recipient's language (texts: mail.json's passwordReset and signUpAttempt). */
import type { Lang } from '@domain/errors';
import { serverText } from '../../platform/i18n';
import type { Mail } from '../../platform/mail';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function texts<K extends string>(lang: Lang, mail: string, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, serverText(lang, `mail:${mail}.${key}`)])) as Record<K, string>;
}

export function passwordResetMail(to: string, lang: Lang, link: string): Mail {
  const t = texts(lang, 'passwordReset', ['subject', 'intro', 'action', 'expiry', 'ignore']);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}: ${link}\n\n${t.expiry}\n${t.ignore}\n`,
    html:
      `<div lang="${lang}" dir="${dir}"><p>${escapeHtml(t.intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
      `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p></div>`,
  };
}

export function signUpAttemptMail(to: string, lang: Lang, publicUrl: string): Mail {
  const t = texts(lang, 'signUpAttempt', ['subject', 'intro', 'action', 'forgot', 'ignore']);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const link = `${publicUrl}/`;
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}: ${link}\n${t.forgot}\n\n${t.ignore}\n`,
    html:
      `<div lang="${lang}" dir="${dir}"><p>${escapeHtml(t.intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a><br>${escapeHtml(t.forgot)}</p>` +
      `<p>${escapeHtml(t.ignore)}</p></div>`,
  };
}
