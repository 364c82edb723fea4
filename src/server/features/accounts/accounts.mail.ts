/** The accounts mails, in the recipient's language. */
import type { Lang } from '@domain/errors';
import type { Mail } from '../../platform/mail';

const RESET = {
  en: {
    subject: 'Reset your TruckDesk password',
    intro: 'Someone (hopefully you) asked to reset the password of your TruckDesk account.',
    action: 'Choose a new password',
    expiry: 'The link works once, for the next 30 minutes.',
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور TruckDesk',
    intro: 'طلب أحدهم (نأمل أنك أنت) إعادة تعيين كلمة مرور حسابك في TruckDesk.',
    action: 'اختر كلمة مرور جديدة',
    expiry: 'يعمل الرابط مرة واحدة فقط، خلال الدقائق الثلاثين القادمة.',
    ignore: 'إذا لم تطلب ذلك فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.',
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetMail(to: string, lang: Lang, link: string): Mail {
  const t = RESET[lang];
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
