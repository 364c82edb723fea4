/**
 * Messages for the codes that money.ts, orders/index.ts and bookings/index.ts introduce, in both languages,
 * to be merged into the catalogues of ./error-messages.ts. Placeholders use i18next syntax.
 * - error codes (the `code` of an error answer): illegal_transition, quote_expired, booking_clash
 *   ({{number}}: the other booking's number), amount_too_large;
 * - field codes (a field error's `code`, from refinements' params.code or toMinor):
 *   reason_required, invalid_amount, too_many_decimals ({{maximum}}, {{currency}}),
 *   amount_too_large, deposit_exceeds_amount, valid_until_past.
 */
import type { Lang } from '../errors';
import type { AmountErrorCode } from '../money';

export type OrdersBookingsMessageCode =
  | AmountErrorCode
  | 'illegal_transition'
  | 'reason_required'
  | 'quote_expired'
  | 'booking_clash'
  | 'deposit_exceeds_amount'
  | 'valid_until_past';

export const ORDERS_BOOKINGS_MESSAGES: Record<Lang, Record<OrdersBookingsMessageCode, string>> = {
  en: {
    illegal_transition: 'This action is not possible in the current status. Reload to see the latest.',
    reason_required: 'Please give a reason.',
    invalid_amount: 'Enter an amount in digits, such as 12.5.',
    too_many_decimals: '{{currency}} allows at most {{maximum}} decimal places.',
    amount_too_large: 'This amount is too large.',
    quote_expired: 'This quote has expired and can no longer be confirmed.',
    booking_clash: 'This booking overlaps confirmed booking #{{number}} (setup time included).',
    deposit_exceeds_amount: 'The deposit cannot be more than the quoted amount.',
    valid_until_past: 'The quote must stay valid until a time in the future.',
  },
  ar: {
    illegal_transition: 'لا يمكن تنفيذ هذا الإجراء في الحالة الحالية. أعد التحميل لعرض آخر التحديثات.',
    reason_required: 'يرجى ذكر السبب.',
    invalid_amount: 'أدخل المبلغ بالأرقام، مثل ١٢٫٥.',
    too_many_decimals: 'الحد الأقصى للخانات العشرية في {{currency}} هو {{maximum}}.',
    amount_too_large: 'هذا المبلغ كبير جدًا.',
    quote_expired: 'انتهت صلاحية عرض السعر هذا ولم يعد من الممكن تأكيده.',
    booking_clash: 'يتعارض موعد هذا الحجز مع الحجز المؤكد رقم {{number}} (بما في ذلك وقت التجهيز).',
    deposit_exceeds_amount: 'لا يمكن أن يزيد العربون عن مبلغ عرض السعر.',
    valid_until_past: 'يجب أن تمتد صلاحية عرض السعر إلى وقت في المستقبل.',
  },
};
