/**
 * Messages for the codes the orders API introduces (./contracts.ts, ../truck-events.ts), merged into
 * the catalogues of ../i18n/error-messages.ts. Placeholders use i18next syntax; their values arrive already
 * formatted in the request's language (money, times).
 * - errors: the `code` of an error answer. Intake answers with its most pressing problem's code;
 * - fields: the problems intake reports per field, and the list's query refinements.
 * The line problems of priceLine (item_unavailable, option_*, invalid_quantity) have their field
 * messages in ../menu/messages.ts.
 */
import type { Lang } from '../errors';
import type { IntakeProblemCode } from './contracts';

export type OrdersErrorCode = IntakeProblemCode | 'order_refused' | 'order_not_found' | 'idempotency_key_reused' | 'stream_ticket_invalid';

export type OrdersFieldCode =
  | Exclude<IntakeProblemCode, 'truck_not_trading' | 'item_unavailable' | 'option_unknown' | 'option_duplicate' | 'option_unavailable' | 'option_group_required' | 'option_group_too_few' | 'option_group_too_many' | 'invalid_quantity'>
  | 'truck_not_approved'
  | 'document_missing'
  | 'document_expired'
  | 'invalid_cursor'
  | 'range_reversed'
  | 'range_too_long';

export const ORDERS_ERROR_MESSAGES: Record<Lang, Record<OrdersErrorCode, string>> = {
  en: {
    order_refused: 'The order could not be placed.',
    order_not_found: 'We could not find that order.',
    idempotency_key_reused: 'This Idempotency-Key was already used for a different order.',
    stream_ticket_invalid: 'The live updates could not be opened. Reload the page.',
    truck_not_trading: 'This truck is not taking orders at the moment.',
    truck_closed: 'The truck is closed and takes no orders now.',
    truck_opens_at: 'The truck is closed at that time.',
    truck_paused: 'The truck is busy and takes no new orders for a while.',
    delivery_unavailable: 'The truck does not deliver at that time. Choose pickup.',
    requested_time_past: 'The requested time has passed.',
    requested_time_too_far: 'The requested time is too far ahead.',
    item_not_found: 'An item in the order is no longer on the menu.',
    item_unavailable: 'An item in the order is sold out.',
    option_unknown: 'An option in the order is not on the menu.',
    option_duplicate: 'An option is chosen twice in the order.',
    option_unavailable: 'An option in the order is sold out.',
    option_group_required: 'An item in the order needs a choice.',
    option_group_too_few: 'An item in the order needs more choices.',
    option_group_too_many: 'An item in the order has too many choices.',
    invalid_quantity: 'A quantity in the order is not possible.',
    outside_delivery_zone: 'The truck does not deliver to this address.',
    below_minimum: 'The order is below the minimum for delivery to this address.',
    no_delivery_for_subtotal: 'The truck does not deliver an order of this size to this address.',
    no_delivery_zones: 'This truck does not deliver. Choose pickup.',
    total_changed: 'Prices have changed since the order was put together. Check the new total.',
  },
  ar: {
    order_refused: 'تعذّر تقديم الطلب.',
    order_not_found: 'لم نعثر على هذا الطلب.',
    idempotency_key_reused: 'مفتاح Idempotency-Key هذا استُخدم من قبل لطلب مختلف.',
    stream_ticket_invalid: 'تعذّر فتح التحديثات المباشرة. أعد تحميل الصفحة.',
    truck_not_trading: 'هذه العربة لا تستقبل الطلبات حاليًا.',
    truck_closed: 'العربة مغلقة ولا تستقبل طلبات الآن.',
    truck_opens_at: 'العربة مغلقة في ذلك الوقت.',
    truck_paused: 'العربة مشغولة ولا تستقبل طلبات جديدة لبعض الوقت.',
    delivery_unavailable: 'لا توصّل العربة في ذلك الوقت. اختر الاستلام.',
    requested_time_past: 'الوقت المطلوب قد مضى.',
    requested_time_too_far: 'الوقت المطلوب بعيد جدًا.',
    item_not_found: 'صنف في الطلب لم يعد موجودًا في القائمة.',
    item_unavailable: 'صنف في الطلب نفد.',
    option_unknown: 'خيار في الطلب غير موجود في القائمة.',
    option_duplicate: 'خيار مختار مرتين في الطلب.',
    option_unavailable: 'خيار في الطلب نفد.',
    option_group_required: 'صنف في الطلب يحتاج إلى اختيار.',
    option_group_too_few: 'صنف في الطلب يحتاج إلى اختيارات أكثر.',
    option_group_too_many: 'صنف في الطلب فيه اختيارات أكثر من المسموح.',
    invalid_quantity: 'كمية في الطلب غير ممكنة.',
    outside_delivery_zone: 'لا توصّل العربة إلى هذا العنوان.',
    below_minimum: 'الطلب أقل من الحد الأدنى للتوصيل إلى هذا العنوان.',
    no_delivery_for_subtotal: 'لا توصّل العربة طلبًا بهذا الحجم إلى هذا العنوان.',
    no_delivery_zones: 'هذه العربة لا توصّل. اختر الاستلام.',
    total_changed: 'تغيّرت الأسعار منذ تجهيز الطلب. راجع الإجمالي الجديد.',
  },
};

export const ORDERS_FIELD_MESSAGES: Record<Lang, Record<OrdersFieldCode, string>> = {
  en: {
    truck_not_approved: 'This truck is not approved to take orders.',
    document_missing: 'A required document of the truck is missing.',
    document_expired: 'A required document of the truck has expired.',
    truck_closed: 'The truck has no opening hours ahead.',
    truck_opens_at: 'The truck is closed then. It opens {{opensAt}}.',
    truck_paused: 'The truck is busy and takes no orders until {{until}}.',
    delivery_unavailable: 'The truck does not deliver at that time. Choose pickup.',
    requested_time_past: 'This time has passed. Choose a later one.',
    requested_time_too_far: 'Choose a time within the next {{days}} days.',
    item_not_found: 'This item is no longer on the menu.',
    outside_delivery_zone: 'The truck does not deliver to this address.',
    below_minimum: 'Delivery here needs an order of at least {{minimum}}.',
    no_delivery_for_subtotal: 'The truck does not deliver an order of this size here.',
    no_delivery_zones: 'This truck does not deliver. Choose pickup.',
    total_changed: 'Prices have changed: the total is now {{total}}.',
    invalid_cursor: 'This list position is no longer valid. Start again from the top.',
    range_reversed: 'The end date cannot be before the start date.',
    range_too_long: 'Choose a range of at most {{maxDays}} days.',
  },
  ar: {
    truck_not_approved: 'هذه العربة غير معتمدة لاستقبال الطلبات.',
    document_missing: 'مستند مطلوب للعربة غير موجود.',
    document_expired: 'انتهت صلاحية مستند مطلوب للعربة.',
    truck_closed: 'لا توجد ساعات عمل قادمة للعربة.',
    truck_opens_at: 'العربة مغلقة في ذلك الوقت. تفتح {{opensAt}}.',
    truck_paused: 'العربة مشغولة ولا تستقبل طلبات حتى {{until}}.',
    delivery_unavailable: 'لا توصّل العربة في ذلك الوقت. اختر الاستلام.',
    requested_time_past: 'مضى هذا الوقت. اختر وقتًا لاحقًا.',
    requested_time_too_far: 'اختر وقتًا خلال الأيام الـ{{days}} القادمة.',
    item_not_found: 'هذا الصنف لم يعد موجودًا في القائمة.',
    outside_delivery_zone: 'لا توصّل العربة إلى هذا العنوان.',
    below_minimum: 'التوصيل إلى هنا يتطلب طلبًا لا يقل عن {{minimum}}.',
    no_delivery_for_subtotal: 'لا توصّل العربة طلبًا بهذا الحجم إلى هنا.',
    no_delivery_zones: 'هذه العربة لا توصّل. اختر الاستلام.',
    total_changed: 'تغيّرت الأسعار: الإجمالي الآن {{total}}.',
    invalid_cursor: 'موضع القائمة هذا لم يعد صالحًا. ابدأ من الأعلى.',
    range_reversed: 'لا يمكن أن يسبق تاريخ النهاية تاريخ البداية.',
    range_too_long: 'اختر مدة لا تزيد على {{maxDays}} يومًا.',
  },
};
