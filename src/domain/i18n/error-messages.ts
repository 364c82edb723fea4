/**
 * Error and field-validation messages in both languages. Shared by the server (which answers
 * in the request's language) and the web (which translates codes it receives).
 * Placeholders use i18next syntax: {{min}}. Assembled here from each feature's own messages
 * (../<feature>/messages.ts) and those two features share (./orders-bookings-messages.ts,
 * ./hours-zones-messages.ts).
 */
import type { Lang } from '../errors';
import { BOOKINGS_ERROR_MESSAGES, BOOKINGS_FIELD_MESSAGES } from '../bookings/messages';
import { HOURS_ZONES_ERROR_MESSAGES, HOURS_ZONES_FIELD_MESSAGES } from './hours-zones-messages';
import { MENU_ERROR_MESSAGES, MENU_FIELD_MESSAGES } from '../menu/messages';
import { fill } from './fill';
import { ORDERS_BOOKINGS_MESSAGES } from './orders-bookings-messages';
import { ORDERS_ERROR_MESSAGES, ORDERS_FIELD_MESSAGES } from '../orders/messages';
import { TEAM_ERROR_MESSAGES } from '../team/messages';
import { TRUCKS_ERROR_MESSAGES, TRUCKS_FIELD_MESSAGES } from '../trucks/messages';

type Catalogue = Record<string, string>;

const en: Catalogue = {
  validation_failed: 'Some fields need your attention.',
  malformed_json: 'The request body is not valid JSON.',
  malformed_request: 'The request is malformed.',
  request_timeout: 'The request took too long to arrive.',
  url_too_long: 'The address is too long.',
  headers_too_large: 'The request headers are too large.',
  expectation_failed: 'The Expect header cannot be met.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have access to this.',
  not_found: 'We could not find that.',
  route_not_found: 'There is no such API endpoint.',
  conflict: 'This was changed by someone else. Reload and try again.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This content type is not supported.',
  unprocessable: 'This request cannot be processed.',
  rate_limited: 'Too many attempts. Please wait and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  database_unavailable: 'The database is not reachable right now.',
  // accounts
  invalid_credentials: 'The email or password is not right.',
  email_taken: 'An account with this email already exists. Sign in or reset your password.',
  wrong_password: 'Your current password is not right.',
  token_invalid: 'Your sign-in could not be verified. Please sign in again.',
  token_expired: 'Your session has expired. Please sign in again.',
  session_ended: 'You were signed out. Please sign in again.',
  reset_link_invalid: 'This reset link has expired or was already used. Ask for a new one.',
  image_too_large: 'The image is larger than {{maxMb}} MB.',
  unsupported_image: 'Choose a JPEG, PNG or WebP image.',
};

const ar: Catalogue = {
  validation_failed: 'بعض الحقول تحتاج إلى مراجعة.',
  malformed_json: 'محتوى الطلب ليس JSON صالحًا.',
  malformed_request: 'صيغة الطلب غير صحيحة.',
  request_timeout: 'استغرق وصول الطلب وقتًا طويلًا.',
  url_too_long: 'العنوان طويل جدًا.',
  headers_too_large: 'ترويسات الطلب كبيرة جدًا.',
  expectation_failed: 'لا يمكن تلبية ترويسة Expect.',
  unauthorized: 'يرجى تسجيل الدخول للمتابعة.',
  forbidden: 'ليست لديك صلاحية الوصول إلى هذا.',
  not_found: 'لم نتمكن من العثور على المطلوب.',
  route_not_found: 'لا توجد نقطة وصول بهذا العنوان.',
  conflict: 'قام شخص آخر بتعديل هذا. أعد التحميل وحاول مرة أخرى.',
  payload_too_large: 'حجم الطلب كبير جدًا.',
  unsupported_media_type: 'نوع المحتوى هذا غير مدعوم.',
  unprocessable: 'لا يمكن معالجة هذا الطلب.',
  rate_limited: 'محاولات كثيرة جدًا. يرجى الانتظار ثم المحاولة مرة أخرى.',
  internal: 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.',
  database_unavailable: 'قاعدة البيانات غير متاحة حاليًا.',
  // accounts
  invalid_credentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  email_taken: 'يوجد حساب بهذا البريد الإلكتروني. سجّل الدخول أو أعد تعيين كلمة المرور.',
  wrong_password: 'كلمة المرور الحالية غير صحيحة.',
  token_invalid: 'تعذّر التحقق من تسجيل دخولك. يرجى تسجيل الدخول مرة أخرى.',
  token_expired: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  session_ended: 'تم تسجيل خروجك. يرجى تسجيل الدخول مرة أخرى.',
  reset_link_invalid: 'رابط إعادة التعيين منتهي الصلاحية أو مستخدم من قبل. اطلب رابطًا جديدًا.',
  image_too_large: 'حجم الصورة أكبر من {{maxMb}} ميغابايت.',
  unsupported_image: 'اختر صورة بصيغة JPEG أو PNG أو WebP.',
};

/** Field-level messages, keyed by validation code (zod's issue codes, refined by the origin where useful). */
const fieldEn: Catalogue = {
  required: 'This field is required.',
  invalid_type: 'Expected {{expected}}.',
  too_small_string: 'Must be at least {{minimum}} characters.',
  too_big_string: 'Must be at most {{maximum}} characters.',
  too_small_number: 'Must be at least {{minimum}}.',
  too_big_number: 'Must be at most {{maximum}}.',
  too_small_array: 'Choose at least {{minimum}}.',
  too_big_array: 'Choose at most {{maximum}}.',
  too_small: 'Too small.',
  too_big: 'Too big.',
  invalid_format: 'Invalid format ({{format}}).',
  invalid_value: 'Not an allowed value.',
  unrecognized_keys: 'Unknown field: {{keys}}.',
  not_multiple_of: 'Must be a multiple of {{divisor}}.',
  invalid_number: 'Enter a number, such as 6.5.',
  invalid_union: 'Invalid value.',
  custom: 'Invalid value.',
  // accounts
  invalid_email: 'Enter a valid email address.',
  invalid_phone: 'Enter the number in international form, e.g. +96550001234.',
  weak_password: 'This password is too common. Choose another.',
};

const fieldAr: Catalogue = {
  required: 'هذا الحقل مطلوب.',
  invalid_type: 'القيمة المتوقعة: {{expected}}.',
  too_small_string: 'يجب ألا يقل عن {{minimum}} أحرف.',
  too_big_string: 'يجب ألا يزيد عن {{maximum}} حرفًا.',
  too_small_number: 'يجب ألا يقل عن {{minimum}}.',
  too_big_number: 'يجب ألا يزيد عن {{maximum}}.',
  too_small_array: 'اختر {{minimum}} على الأقل.',
  too_big_array: 'اختر {{maximum}} على الأكثر.',
  too_small: 'القيمة صغيرة جدًا.',
  too_big: 'القيمة كبيرة جدًا.',
  invalid_format: 'صيغة غير صالحة ({{format}}).',
  invalid_value: 'قيمة غير مسموح بها.',
  unrecognized_keys: 'حقل غير معروف: {{keys}}.',
  not_multiple_of: 'يجب أن يكون من مضاعفات {{divisor}}.',
  invalid_number: 'أدخل رقمًا، مثل ٦٫٥.',
  invalid_union: 'قيمة غير صالحة.',
  custom: 'قيمة غير صالحة.',
  // accounts
  invalid_email: 'أدخل بريدًا إلكترونيًا صالحًا.',
  invalid_phone: 'أدخل الرقم بالصيغة الدولية، مثل ‎+96550001234.',
  weak_password: 'كلمة المرور هذه شائعة جدًا. اختر غيرها.',
};

export const ERROR_MESSAGES: Record<Lang, Catalogue> = {
  en: { ...ORDERS_BOOKINGS_MESSAGES.en, ...BOOKINGS_ERROR_MESSAGES.en, ...ORDERS_ERROR_MESSAGES.en, ...MENU_ERROR_MESSAGES.en, ...HOURS_ZONES_ERROR_MESSAGES.en, ...TRUCKS_ERROR_MESSAGES.en, ...TEAM_ERROR_MESSAGES.en, ...en },
  ar: { ...ORDERS_BOOKINGS_MESSAGES.ar, ...BOOKINGS_ERROR_MESSAGES.ar, ...ORDERS_ERROR_MESSAGES.ar, ...MENU_ERROR_MESSAGES.ar, ...HOURS_ZONES_ERROR_MESSAGES.ar, ...TRUCKS_ERROR_MESSAGES.ar, ...TEAM_ERROR_MESSAGES.ar, ...ar },
};
export const FIELD_MESSAGES: Record<Lang, Catalogue> = {
  en: { ...ORDERS_BOOKINGS_MESSAGES.en, ...BOOKINGS_FIELD_MESSAGES.en, ...ORDERS_FIELD_MESSAGES.en, ...MENU_FIELD_MESSAGES.en, ...HOURS_ZONES_FIELD_MESSAGES.en, ...TRUCKS_FIELD_MESSAGES.en, ...fieldEn },
  ar: { ...ORDERS_BOOKINGS_MESSAGES.ar, ...BOOKINGS_FIELD_MESSAGES.ar, ...ORDERS_FIELD_MESSAGES.ar, ...MENU_FIELD_MESSAGES.ar, ...HOURS_ZONES_FIELD_MESSAGES.ar, ...TRUCKS_FIELD_MESSAGES.ar, ...fieldAr },
};

/** Message for an error code. A feature's own codes are added to the catalogues above. */
export function errorMessage(lang: Lang, code: string, params?: Record<string, unknown>): string {
  const template = ERROR_MESSAGES[lang][code] ?? ERROR_MESSAGES.en[code] ?? ERROR_MESSAGES[lang].unprocessable!;
  return fill(template, params);
}

export function fieldMessage(lang: Lang, code: string, params?: Record<string, unknown>): string {
  const template = FIELD_MESSAGES[lang][code] ?? FIELD_MESSAGES[lang].custom!;
  return fill(template, params);
}
