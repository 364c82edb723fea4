/**
 * Messages for the codes the menu introduces, merged into the catalogues of ../i18n/error-messages.ts.
 * - errors: the `code` of an error answer from the menu routes;
 * - fields: refinement codes of ./index.ts (params.code), the service's field errors, and
 *   the problems priceLine reports, which order intake shows per line.
 */
import type { Lang } from '../errors';

export type MenuErrorCode = 'category_not_found' | 'item_not_found' | 'option_not_found' | 'category_not_empty' | 'menu_changed' | 'menu_limit';

export type MenuFieldCode =
  | 'name_required'
  | 'option_min_exceeds_max'
  | 'option_max_exceeds_count'
  | 'option_required_needs_min'
  | 'option_min_needs_required'
  | 'duplicate_tag'
  | 'duplicate_id'
  | 'nothing_selected'
  | 'category_unknown'
  | 'photo_unknown'
  | 'move_target_invalid'
  | 'invalid_quantity'
  | 'item_unavailable'
  | 'option_unknown'
  | 'option_duplicate'
  | 'option_unavailable'
  | 'option_group_required'
  | 'option_group_too_few'
  | 'option_group_too_many';

export const MENU_ERROR_MESSAGES: Record<Lang, Record<MenuErrorCode, string>> = {
  en: {
    category_not_found: 'We could not find that menu category. It may have been deleted.',
    item_not_found: 'We could not find that menu item. It may have been deleted.',
    option_not_found: 'We could not find that option. It may have been removed from its item.',
    category_not_empty: 'This category still has {{itemCount}} items. Choose whether to move them to another category or delete them.',
    menu_changed: 'The menu was changed by someone else meanwhile. Reload and try again.',
    menu_limit: 'A menu can have at most {{max}} of these.',
  },
  ar: {
    category_not_found: 'لم نعثر على فئة القائمة هذه. ربما حُذفت.',
    item_not_found: 'لم نعثر على هذا الصنف. ربما حُذف.',
    option_not_found: 'لم نعثر على هذا الخيار. ربما أُزيل من صنفه.',
    category_not_empty: 'ما زالت هذه الفئة تضم {{itemCount}} من الأصناف. اختر نقلها إلى فئة أخرى أو حذفها.',
    menu_changed: 'عدّل شخص آخر القائمة في هذه الأثناء. أعد التحميل وحاول مرة أخرى.',
    menu_limit: 'لا يمكن أن تضم القائمة أكثر من {{max}} من هذه.',
  },
};

export const MENU_FIELD_MESSAGES: Record<Lang, Record<MenuFieldCode, string>> = {
  en: {
    name_required: 'Enter a name in English or in Arabic (or both).',
    option_min_exceeds_max: 'The minimum ({{min}}) cannot be more than the maximum ({{max}}).',
    option_max_exceeds_count: 'The maximum ({{max}}) cannot be more than the number of options ({{count}}).',
    option_required_needs_min: 'A required group needs a minimum of at least 1.',
    option_min_needs_required: 'A minimum of {{min}} makes the group required. Mark it required or set the minimum to 0.',
    duplicate_tag: 'Each tag can be chosen once.',
    duplicate_id: 'The same entry is listed twice.',
    nothing_selected: 'Select at least one item or option.',
    category_unknown: 'Choose one of this menu’s categories.',
    photo_unknown: 'This photo is not one of this truck’s menu photos. Upload it again.',
    move_target_invalid: 'Choose another category of this menu to move the items to.',
    invalid_quantity: 'The quantity must be a whole number from 1 to {{max}}.',
    item_unavailable: 'This item is sold out right now.',
    option_unknown: 'This option is not on the menu for this item.',
    option_duplicate: 'The same option is chosen twice.',
    option_unavailable: 'This option is sold out right now.',
    option_group_required: 'Please make a choice here.',
    option_group_too_few: 'Choose at least {{min}} here.',
    option_group_too_many: 'Choose at most {{max}} here.',
  },
  ar: {
    name_required: 'أدخل اسمًا بالإنجليزية أو بالعربية (أو بكلتيهما).',
    option_min_exceeds_max: 'لا يمكن أن يزيد الحد الأدنى ({{min}}) على الحد الأقصى ({{max}}).',
    option_max_exceeds_count: 'لا يمكن أن يزيد الحد الأقصى ({{max}}) على عدد الخيارات ({{count}}).',
    option_required_needs_min: 'المجموعة الإلزامية تحتاج إلى حد أدنى لا يقل عن 1.',
    option_min_needs_required: 'الحد الأدنى {{min}} يجعل المجموعة إلزامية. اجعلها إلزامية أو اضبط الحد الأدنى على 0.',
    duplicate_tag: 'يمكن اختيار كل وسم مرة واحدة.',
    duplicate_id: 'العنصر نفسه مدرج مرتين.',
    nothing_selected: 'اختر صنفًا أو خيارًا واحدًا على الأقل.',
    category_unknown: 'اختر إحدى فئات هذه القائمة.',
    photo_unknown: 'هذه الصورة ليست من صور قائمة هذه العربة. ارفعها مرة أخرى.',
    move_target_invalid: 'اختر فئة أخرى من هذه القائمة لنقل الأصناف إليها.',
    invalid_quantity: 'يجب أن تكون الكمية عددًا صحيحًا من 1 إلى {{max}}.',
    item_unavailable: 'هذا الصنف نفد حاليًا.',
    option_unknown: 'هذا الخيار غير موجود في قائمة هذا الصنف.',
    option_duplicate: 'الخيار نفسه مختار مرتين.',
    option_unavailable: 'هذا الخيار نفد حاليًا.',
    option_group_required: 'يرجى الاختيار هنا.',
    option_group_too_few: 'اختر {{min}} على الأقل هنا.',
    option_group_too_many: 'اختر {{max}} على الأكثر هنا.',
  },
};
