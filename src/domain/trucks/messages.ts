/**
 * Messages for the codes trucks and their uploads introduce, merged into the catalogues of
 * ../i18n/error-messages.ts. (illegal_transition and reason_required, which the review flow shares with
 * orders and bookings, live in ../i18n/orders-bookings-messages.ts.)
 * - errors: the `code` of an error answer from the truck and upload routes;
 * - fields: the service's field errors and the problems submissionProblems reports.
 */
import type { Lang } from '../errors';

export type TrucksErrorCode =
  | 'truck_not_found'
  | 'truck_locked'
  | 'draft_exists'
  | 'application_incomplete'
  | 'document_missing'
  | 'document_expired'
  | 'file_type_not_allowed'
  | 'file_too_large'
  | 'file_disguised'
  | 'file_unreadable'
  | 'upload_limit';

export type TrucksFieldCode =
  | 'document_missing'
  | 'document_expired'
  | 'expiry_before_issue'
  | 'issue_date_future'
  | 'upload_invalid'
  | 'duplicate_photo'
  | 'invalid_cursor';

export const TRUCKS_ERROR_MESSAGES: Record<Lang, Record<TrucksErrorCode, string>> = {
  en: {
    truck_not_found: 'We could not find that truck.',
    truck_locked: 'This truck cannot be changed in its current status (under review, rejected or suspended).',
    draft_exists: 'You already have a truck application in progress. Continue that one first.',
    application_incomplete: 'The application is not complete yet. Fill in the missing fields.',
    document_missing: 'A required document is missing: the commercial registration and the health permit are both needed.',
    document_expired: 'A document has expired. Upload a valid one first.',
    file_type_not_allowed: 'This kind of file is not accepted here. Choose a {{allowed}} file.',
    file_too_large: 'The file is larger than {{maxMb}} MB.',
    file_disguised: 'This file is named like a {{claimed}} file, but its content is not one. Choose a real {{allowed}} file.',
    file_unreadable: 'This file is damaged or cannot be read.',
    upload_limit: 'This truck has too many files ({{max}}). Remove some first.',
  },
  ar: {
    truck_not_found: 'لم نتمكن من العثور على هذه العربة.',
    truck_locked: 'لا يمكن تعديل هذه العربة في حالتها الحالية (قيد المراجعة أو مرفوضة أو موقوفة).',
    draft_exists: 'لديك طلب تسجيل عربة قيد الإعداد. أكمله أولًا.',
    application_incomplete: 'الطلب غير مكتمل بعد. املأ الحقول الناقصة.',
    document_missing: 'ينقص مستند مطلوب: السجل التجاري والترخيص الصحي مطلوبان كلاهما.',
    document_expired: 'انتهت صلاحية أحد المستندات. ارفع مستندًا ساريًا أولًا.',
    file_type_not_allowed: 'هذا النوع من الملفات غير مقبول هنا. اختر ملفًا بصيغة {{allowed}}.',
    file_too_large: 'حجم الملف أكبر من {{maxMb}} ميغابايت.',
    file_disguised: 'اسم هذا الملف يوحي بأنه {{claimed}} لكن محتواه ليس كذلك. اختر ملفًا حقيقيًا بصيغة {{allowed}}.',
    file_unreadable: 'هذا الملف تالف أو لا يمكن قراءته.',
    upload_limit: 'لدى هذه العربة ملفات كثيرة ({{max}}). احذف بعضها أولًا.',
  },
};

export const TRUCKS_FIELD_MESSAGES: Record<Lang, Record<TrucksFieldCode, string>> = {
  en: {
    document_missing: 'This document is required.',
    document_expired: 'This document has expired.',
    expiry_before_issue: 'The expiry date must be after the issue date.',
    issue_date_future: 'The issue date cannot be in the future.',
    upload_invalid: 'This file is not one of this truck’s uploads. Upload it again.',
    duplicate_photo: 'The same photo is listed twice.',
    invalid_cursor: 'This page link is not valid. Start from the first page.',
  },
  ar: {
    document_missing: 'هذا المستند مطلوب.',
    document_expired: 'انتهت صلاحية هذا المستند.',
    expiry_before_issue: 'يجب أن يكون تاريخ الانتهاء بعد تاريخ الإصدار.',
    issue_date_future: 'لا يمكن أن يكون تاريخ الإصدار في المستقبل.',
    upload_invalid: 'هذا الملف ليس من ملفات هذه العربة. ارفعه مرة أخرى.',
    duplicate_photo: 'الصورة نفسها مدرجة مرتين.',
    invalid_cursor: 'رابط الصفحة هذا غير صالح. ابدأ من الصفحة الأولى.',
  },
};
