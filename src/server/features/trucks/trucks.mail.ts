/** The mail a truck's owner gets when an admin decides on the truck, in the owner's language. */
import type { Lang } from '@domain/errors';
import type { ReviewCommand } from '@domain/trucks';
import type { Mail } from '../../platform/mail';
import { nameIn } from '@domain/names';

type Decision = ReviewCommand['action'];

const TEXT: Record<Lang, Record<Decision, { subject: string; body: string }> & { reason: string; open: string; untitled: string }> = {
  en: {
    approve: { subject: '{{name}} is approved', body: 'Good news: {{name}} is approved on TruckDesk. Sign in again or reload the app to see your menu, orders and bookings.' },
    request_changes: { subject: '{{name}}: changes requested', body: 'An admin reviewed {{name}} and asks for a few changes before approving it.' },
    reject: { subject: '{{name}} was not approved', body: 'An admin reviewed {{name}} and could not approve it.' },
    suspend: { subject: '{{name}} is suspended', body: '{{name}} is suspended and cannot take orders or bookings for now.' },
    reinstate: { subject: '{{name}} is active again', body: '{{name}} is active again and can take orders and bookings.' },
    reason: 'Reason',
    open: 'Open your truck',
    untitled: 'Your truck',
  },
  ar: {
    approve: { subject: 'تمت الموافقة على {{name}}', body: 'خبر سار: تمت الموافقة على {{name}} في TruckDesk. سجّل الدخول من جديد أو أعد تحميل التطبيق لترى قائمة الطعام والطلبات والحجوزات.' },
    request_changes: { subject: '{{name}}: مطلوب تعديلات', body: 'راجع أحد المشرفين {{name}} ويطلب بعض التعديلات قبل الموافقة.' },
    reject: { subject: 'لم تتم الموافقة على {{name}}', body: 'راجع أحد المشرفين {{name}} ولم يتمكن من الموافقة عليها.' },
    suspend: { subject: 'تم إيقاف {{name}}', body: 'تم إيقاف {{name}} مؤقتًا ولا يمكنها استقبال الطلبات أو الحجوزات حاليًا.' },
    reinstate: { subject: 'عادت {{name}} إلى العمل', body: 'عادت {{name}} إلى العمل ويمكنها استقبال الطلبات والحجوزات.' },
    reason: 'السبب',
    open: 'افتح صفحة عربتك',
    untitled: 'عربتك',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reviewDecisionMail(to: string, lang: Lang, truck: { nameEn: string; nameAr: string }, command: ReviewCommand, publicUrl: string): Mail {
  const t = TEXT[lang];
  const name = nameIn(truck, lang) || t.untitled;
  const fill = (template: string) => template.replaceAll('{{name}}', name);
  const { subject, body } = t[command.action];
  const reason = 'reason' in command ? command.reason : null;
  const link = `${publicUrl}/truck-info`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return {
    to,
    subject: fill(subject),
    text: `${fill(body)}\n${reason ? `\n${t.reason}: ${reason}\n` : ''}\n${t.open}: ${link}\n`,
    html:
      `<div lang="${lang}" dir="${dir}"><p>${escapeHtml(fill(body))}</p>` +
      (reason ? `<p><strong>${escapeHtml(t.reason)}:</strong> ${escapeHtml(reason)}</p>` : '') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p></div>`,
  };
}
