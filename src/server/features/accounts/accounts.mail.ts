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

const SIGN_UP_ATTEMPT = {
  en: {
    subject: 'Someone tried to create a TruckDesk account with your address',
    intro: 'Someone (perhaps you) tried to create a new TruckDesk account with this e-mail address. It already has an account, so nothing was created and nothing changed.',
    action: 'Sign in',
    forgot: 'Forgot your password? Choose "Forgot password?" on the sign-in screen.',
    ignore: 'If it was not you, ignore this mail: your account stays as it is.',
  },
  ar: {
    subject: 'حاول أحدهم إنشاء حساب TruckDesk بعنوان بريدك',
    intro: 'حاول أحدهم (ربما أنت) إنشاء حساب جديد في TruckDesk بعنوان البريد الإلكتروني هذا. لهذا العنوان حساب بالفعل، فلم يُنشأ شيء ولم يتغيّر شيء.',
    action: 'تسجيل الدخول',
    forgot: 'نسيت كلمة المرور؟ اختر «نسيت كلمة المرور؟» في شاشة تسجيل الدخول.',
    ignore: 'إذا لم تكن أنت فتجاهل هذه الرسالة: سيبقى حسابك كما هو.',
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

export function signUpAttemptMail(to: string, lang: Lang, publicUrl: string): Mail {
  const t = SIGN_UP_ATTEMPT[lang];
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
