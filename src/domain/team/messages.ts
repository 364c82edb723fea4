/**
 * Messages for the codes the team routes introduce (invitations, members), merged into the
 * catalogues of ../i18n/error-messages.ts. An invitation link that no longer works says why.
 */
import type { Lang } from '../errors';

export type TeamErrorCode =
  | 'already_member'
  | 'already_invited'
  | 'invitation_not_found'
  | 'invitation_invalid'
  | 'invitation_expired'
  | 'invitation_used'
  | 'invitation_withdrawn'
  | 'invitation_superseded'
  | 'invitation_other_account'
  | 'member_not_found';

export const TEAM_ERROR_MESSAGES: Record<Lang, Record<TeamErrorCode, string>> = {
  en: {
    already_member: '{{email}} is already on this truck’s team.',
    already_invited: '{{email}} has already been invited. Resend that invitation instead.',
    invitation_not_found: 'This invitation was accepted or withdrawn meanwhile.',
    invitation_invalid: 'This invitation link is not valid. Check that you opened the whole link from the mail.',
    invitation_expired: 'This invitation has expired. Ask the truck’s owner to send it again.',
    invitation_used: 'This invitation has already been used. Sign in to reach the truck.',
    invitation_withdrawn: 'The truck’s owner withdrew this invitation.',
    invitation_superseded: 'A newer invitation was sent for this one. Open the link in the latest mail.',
    invitation_other_account: 'This invitation is for {{email}}. Sign in with that address to accept it.',
    member_not_found: 'This person is no longer on the team.',
  },
  ar: {
    already_member: '{{email}} ضمن فريق هذه العربة بالفعل.',
    already_invited: 'سبقت دعوة {{email}}. أعد إرسال تلك الدعوة بدلًا من ذلك.',
    invitation_not_found: 'قُبلت هذه الدعوة أو سُحبت في هذه الأثناء.',
    invitation_invalid: 'رابط الدعوة هذا غير صالح. تأكد من فتح الرابط كاملًا من الرسالة.',
    invitation_expired: 'انتهت صلاحية هذه الدعوة. اطلب من مالك العربة إرسالها مرة أخرى.',
    invitation_used: 'استُخدمت هذه الدعوة من قبل. سجّل الدخول للوصول إلى العربة.',
    invitation_withdrawn: 'سحب مالك العربة هذه الدعوة.',
    invitation_superseded: 'أُرسلت دعوة أحدث بدلًا من هذه. افتح الرابط في آخر رسالة.',
    invitation_other_account: 'هذه الدعوة موجّهة إلى {{email}}. سجّل الدخول بهذا العنوان لقبولها.',
    member_not_found: 'لم يعد هذا الشخص ضمن الفريق.',
  },
};
