/**
 * Messages for the codes the hours and zones contracts and endpoints add, in both languages:
 * - field codes (params.code of their refinements, and the pause's own checks), merged into FIELD_MESSAGES;
 * - error codes of the hours and zones endpoints and of the order intake's availability checks
 *   (below_minimum takes {{minimum}}, the amount already formatted), merged into ERROR_MESSAGES.
 * Shift labels arrive as '18:00–02:00'; `day`/`otherDay` are weekday keys or ISO dates, which the form
 * already shows through the field path, so no message needs them.
 */
import type { Lang } from '../errors';

type Catalogue = Record<string, string>;

const en: Catalogue = {
  invalid_time_zone: 'Choose a time zone from the list (for example Asia/Kuwait).',
  shift_overlap: 'This shift ({{shift}}) overlaps the shift {{other}} on the same day.',
  shift_overlap_overnight: 'This shift ({{shift}}) runs past midnight into the next day’s shift {{other}}.',
  shift_overlap_previous_night: 'This shift ({{shift}}) starts before the previous night’s shift {{other}} has ended.',
  radius_too_large: 'The radius can be at most {{maximum}} m.',
  polygon_too_few_vertices: 'A zone needs at least {{minimum}} points; this one has {{count}}.',
  polygon_too_many_vertices: 'A zone can have at most {{maximum}} points; this one has {{count}}.',
  polygon_crosses_antimeridian: 'A zone cannot cross the 180° meridian. Draw it on one side of that line.',
  polygon_self_intersecting: 'The zone’s border crosses itself. Move the points so that no edges cross.',
  too_many_exceptions: 'There can be at most {{maximum}} special days; this schedule has {{count}}.',
  pause_in_past: 'Choose a time later than now.',
  pause_too_long: 'Orders can be paused for at most {{maximumHours}} hours. For longer, add a closed day.',
};

const ar: Catalogue = {
  invalid_time_zone: 'اختر منطقة زمنية من القائمة (مثل Asia/Kuwait).',
  shift_overlap: 'هذه الفترة ({{shift}}) تتداخل مع الفترة {{other}} في اليوم نفسه.',
  shift_overlap_overnight: 'هذه الفترة ({{shift}}) تمتد بعد منتصف الليل فتتداخل مع فترة اليوم التالي {{other}}.',
  shift_overlap_previous_night: 'تبدأ هذه الفترة ({{shift}}) قبل انتهاء فترة الليلة السابقة {{other}}.',
  radius_too_large: 'يجب ألا يزيد نصف القطر على {{maximum}} متر.',
  polygon_too_few_vertices: 'تحتاج المنطقة إلى {{minimum}} نقاط على الأقل، وعدد نقاطها الآن {{count}}.',
  polygon_too_many_vertices: 'يجب ألا يزيد عدد نقاط المنطقة على {{maximum}} نقطة، وعدد نقاطها الآن {{count}}.',
  polygon_crosses_antimeridian: 'لا يمكن أن تعبر المنطقة خط الطول 180°. ارسمها في جهة واحدة من هذا الخط.',
  polygon_self_intersecting: 'حدود المنطقة تتقاطع مع نفسها. حرّك النقاط بحيث لا يتقاطع أي ضلعين.',
  too_many_exceptions: 'يمكن إضافة {{maximum}} يومًا خاصًا على الأكثر، وفي هذا الجدول {{count}}.',
  pause_in_past: 'اختر وقتًا بعد الوقت الحالي.',
  pause_too_long: 'يمكن إيقاف الطلبات مؤقتًا لمدة {{maximumHours}} ساعة على الأكثر. للمدة الأطول أضف يوم إغلاق.',
};

export const HOURS_ZONES_FIELD_MESSAGES: Record<Lang, Catalogue> = { en, ar };

const errorsEn: Catalogue = {
  zone_not_found: 'This delivery zone no longer exists. Reload the list.',
  too_many_zones: 'A truck can have at most {{maximum}} delivery zones.',
  truck_closed: 'The truck is closed now.',
  truck_paused: 'The truck is busy and not taking orders right now. Please try again shortly.',
  outside_all_zones: 'This address is outside the truck’s delivery zones.',
  below_minimum: 'Delivery to this address needs an order of at least {{minimum}}.',
  no_delivery_for_subtotal: 'The truck does not deliver an order of this amount to this address.',
  no_active_zones: 'The truck does not deliver at the moment.',
  delivery_off: 'Delivery is off for this shift; pickup only.',
};

const errorsAr: Catalogue = {
  zone_not_found: 'منطقة التوصيل هذه لم تعد موجودة. أعد تحميل القائمة.',
  too_many_zones: 'يمكن أن يكون للعربة {{maximum}} منطقة توصيل على الأكثر.',
  truck_closed: 'العربة مغلقة الآن.',
  truck_paused: 'العربة مشغولة ولا تستقبل طلبات الآن. حاول مرة أخرى بعد قليل.',
  outside_all_zones: 'هذا العنوان خارج مناطق التوصيل الخاصة بالعربة.',
  below_minimum: 'التوصيل إلى هذا العنوان يتطلب طلبًا بقيمة {{minimum}} على الأقل.',
  no_delivery_for_subtotal: 'لا توصّل العربة طلبًا بهذه القيمة إلى هذا العنوان.',
  no_active_zones: 'لا توصّل العربة في الوقت الحالي.',
  delivery_off: 'التوصيل متوقف في هذه الفترة؛ الاستلام من العربة فقط.',
};

export const HOURS_ZONES_ERROR_MESSAGES: Record<Lang, Catalogue> = { en: errorsEn, ar: errorsAr };
