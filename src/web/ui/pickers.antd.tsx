/**
 * The pickers behind pickers.tsx's fields, loaded when a field is first used. Ant Design's panel
 * takes its words from the ConfigProvider's locale (ar_EG) and its month names from dayjs's Arabic
 * locale, imported here so the picker has it whatever the language was at start-up.
 */
import { latinDigits } from '@domain/money/minor';
import dayjsConfig from '@rc-component/picker/generate/dayjs';
import { ConfigProvider, DatePicker as AntdDatePicker, type GetRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import arabicDays from 'dayjs/locale/ar';
import { cloneElement, forwardRef, useContext, useEffect, useMemo, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { formatNumber } from './format';
import type { LoadedPickerProps, PickerKind } from './pickers';

/** What a person types (and sees while editing). */
const TYPED: Record<PickerKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', datetime: 'YYYY-MM-DD HH:mm' };
const TYPED_FORMATS = new Set(Object.values(TYPED));
/** The date-and-time panel's time header: TYPED.time written apart ('[:]' is a literal colon) so that it is not taken for typing. */
const TIME_COLUMN_HEADER = 'HH[:]mm';

/** Western digits to Arabic-Indic ones, nothing else touched. */
const arabicIndic = (text: string) => text.replace(/[0-9]/g, (digit) => formatNumber(Number(digit), 'ar'));

/**
 * antd's pickers over dayjs, except that what the panel writes in Arabic (the header's year, the
 * cells, the time column) is in Arabic-Indic digits: dayjs writes Western ones in every locale, and
 * the glossary's digit rule holds inside a picker too. What the input shows while it is being typed
 * into keeps the digits of TYPED, the form a person types (an Arabic keyboard's digits are read as
 * Western by TypedInput).
 */
const DatePicker = AntdDatePicker.generatePicker<Dayjs>({
  ...dayjsConfig,
  locale: {
    ...dayjsConfig.locale,
    format: (locale, date, format) => {
      const text = dayjsConfig.locale.format(locale, date, format);
      return locale.startsWith('ar') && !TYPED_FORMATS.has(format) ? arabicIndic(text) : text;
    },
  },
});
const { TimePicker } = DatePicker;
/** What the form holds. */
const VALUE: Record<PickerKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', datetime: 'YYYY-MM-DDTHH:mm' };
const PATTERN: Record<PickerKind, RegExp> = { date: /^\d{4}-\d{2}-\d{2}$/, time: /^\d{2}:\d{2}$/, datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ };

function toDayjs(kind: PickerKind, value: string): Dayjs | null {
  if (!PATTERN[kind].test(value)) return null;
  const parsed = dayjs(kind === 'time' ? `2000-01-01T${value}` : value);
  return parsed.isValid() ? parsed : null;
}

/** Latin digits whatever the locale: the string goes back to the form and the API. */
const fromDayjs = (kind: PickerKind, day: Dayjs) => day.locale('en').format(VALUE[kind]);

/** The time column's hours and minutes: antd writes them from numbers, not through the locale's format. */
function arabicTimeCell(current: Dayjs | number | string, info: { originNode: ReactElement }): ReactNode {
  return typeof current === 'number' ? cloneElement(info.originNode, undefined, formatNumber(current, 'ar', { minimumIntegerDigits: 2 })) : info.originNode;
}

/** The picker's input, reading what an Arabic keyboard types (Arabic-Indic digits) as the format's Western ones. */
const TypedInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TypedInput({ onChange, ...props }, ref) {
  const read = (event: ChangeEvent<HTMLInputElement>) => {
    const latin = latinDigits(event.target.value);
    if (latin !== event.target.value) event.target.value = latin;
    onChange?.(event);
  };
  return <input ref={ref} {...props} onChange={read} />;
});
const COMPONENTS = { input: TypedInput };

export function LoadedPicker({ kind, lang, display, touch, autoFocus, value = '', onChange, min, max, invalid, testId, ...rest }: LoadedPickerProps) {
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(autoFocus);
  const picker = useRef<GetRef<typeof DatePicker>>(null);
  // Focused once mounted (a focus during React's commit reaches no handler) and open: the person was on their way into the field.
  useEffect(() => {
    if (autoFocus) picker.current?.focus();
  }, [autoFocus]);
  // A format given as a function makes antd's input read-only: the shown form only while not editing.
  const editing = (focused || open) && !touch;
  // One object per value: a new one each render reads to the picker as a change from outside, which drops what is being typed.
  const selected = useMemo(() => toDayjs(kind, value), [kind, value]);
  // ar_EG heads the calendar's columns with whole day names, which overlap in a 36-pixel column: dayjs's one-letter ones instead.
  const antdLocale = useContext(ConfigProvider.ConfigContext).locale?.DatePicker;
  const locale = useMemo(
    () => (lang === 'ar' && antdLocale ? { ...antdLocale, lang: { ...antdLocale.lang, shortWeekDays: arabicDays.weekdaysMin } } : undefined),
    [lang, antdLocale],
  );
  const format = useMemo(
    () => (editing ? TYPED[kind] : [(picked: Dayjs) => display(fromDayjs(kind, picked)) ?? '', TYPED[kind]]),
    [editing, kind, display],
  );
  const shared = {
    ...rest,
    'data-testid': testId,
    className: `td-picker td-picker--${kind}`,
    classNames: { popup: { root: 'td-picker-popup' } },
    value: selected,
    format,
    status: invalid ? ('error' as const) : undefined,
    inputReadOnly: touch,
    allowClear: !rest.required,
    ref: picker,
    defaultOpen: autoFocus,
    cellRender: lang === 'ar' ? arabicTimeCell : undefined,
    components: COMPONENTS,
    locale,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    onOpenChange: setOpen,
    // Enter with the panel open takes the typed value; it does not also submit the form around the field.
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' && open) event.preventDefault();
    },
    onChange: (picked: Dayjs | null) => onChange?.(picked ? fromDayjs(kind, picked) : ''),
  };

  if (kind === 'time') return <TimePicker {...shared} needConfirm={false} />;
  const disabledDate = (day: Dayjs) => {
    const date = fromDayjs('date', day);
    return (min !== undefined && date < min) || (max !== undefined && date > max);
  };
  if (kind === 'datetime') return <DatePicker {...shared} showTime={{ format: TIME_COLUMN_HEADER }} disabledDate={disabledDate} />;
  return <DatePicker {...shared} needConfirm={false} disabledDate={disabledDate} />;
}
