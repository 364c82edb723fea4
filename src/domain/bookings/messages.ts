/**
 * Messages for the codes the bookings API introduces, in both languages, merged into the catalogues
 * of ../i18n/error-messages.ts. Placeholders use i18next syntax. The order intake's codes the booking
 * intake shares (the document problems, idempotency_key_reused) are worded there.
 */
import type { Lang } from '../errors';

export type BookingsErrorCode = 'truck_not_booking' | 'bookings_unavailable' | 'event_date_past' | 'event_date_too_far' | 'booking_not_found' | 'quote_link_invalid' | 'booking_refused';
export type BookingsFieldCode = 'window_empty' | 'bookings_unavailable' | 'event_date_past' | 'event_date_too_far';

export const BOOKINGS_ERROR_MESSAGES: Record<Lang, Record<BookingsErrorCode, string>> = {
  en: {
    truck_not_booking: 'This truck cannot take bookings at the moment.',
    bookings_unavailable: 'This truck is not taking event bookings right now.',
    event_date_past: 'The event date has already passed.',
    event_date_too_far: 'Events can be booked at most {{days}} days ahead.',
    booking_not_found: 'We could not find this booking.',
    quote_link_invalid: 'This quote link has expired or was already used.',
    booking_refused: 'This booking request cannot be taken.',
  },
  ar: {
    truck_not_booking: 'لا يمكن لهذه العربة استقبال الحجوزات حاليًا.',
    bookings_unavailable: 'لا تستقبل هذه العربة حجوزات المناسبات حاليًا.',
    event_date_past: 'تاريخ المناسبة قد مضى.',
    event_date_too_far: 'يمكن حجز المناسبات قبل {{days}} يومًا كحد أقصى.',
    booking_not_found: 'لم نتمكن من العثور على هذا الحجز.',
    quote_link_invalid: 'انتهت صلاحية رابط عرض السعر هذا أو سبق استخدامه.',
    booking_refused: 'لا يمكن قبول طلب الحجز هذا.',
  },
};

export const BOOKINGS_FIELD_MESSAGES: Record<Lang, Record<BookingsFieldCode, string>> = {
  en: {
    window_empty: 'The event must end at a different time than it starts.',
    bookings_unavailable: BOOKINGS_ERROR_MESSAGES.en.bookings_unavailable,
    event_date_past: BOOKINGS_ERROR_MESSAGES.en.event_date_past,
    event_date_too_far: BOOKINGS_ERROR_MESSAGES.en.event_date_too_far,
  },
  ar: {
    window_empty: 'يجب أن يختلف وقت انتهاء المناسبة عن وقت بدايتها.',
    bookings_unavailable: BOOKINGS_ERROR_MESSAGES.ar.bookings_unavailable,
    event_date_past: BOOKINGS_ERROR_MESSAGES.ar.event_date_past,
    event_date_too_far: BOOKINGS_ERROR_MESSAGES.ar.event_date_too_far,
  },
};
