/**
 * The pickers behind pickers.tsx's fields, loaded when a field is first used. Ant Design's panel
 * takes its words from the ConfigProvider's locale (ar_EG) and its month names from dayjs's Arabic
 * locale, imported here so the picker has it whatever the language was at start-up.
 */
import { latinDigits } from '@domain/money/minor';
import { ConfigProvider, DatePicker, TimePicker, type GetRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import arabicDays from 'dayjs/locale/ar';
import { cloneElement, forwardRef, useContext, useEffect, useMemo, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { formatNumber } from './format';
import type { LoadedPickerProps, PickerKind } from './pickers';

/** What a person types (and sees while editing). */
const TYPED: Record<PickerKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', datetime: 'YYYY-MM-DD HH:mm' };
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

interface Cell {
  originNode: ReactElement;
  type: string;
}

/** Day, year, hour and minute cells in the interface language's digits; names (months) are dayjs's already. */
function arabicDigits(current: Dayjs | number | string, info: Cell): ReactNode {
  const figure = typeof current === 'number' ? current : typeof current === 'string' ? null : info.type === 'date' ? current.date() : info.type === 'year' ? current.year() : null;
  if (figure === null) return info.originNode;
  const padded = typeof current === 'number' ? { minimumIntegerDigits: 2 } : {};
  return cloneElement(info.originNode, undefined, formatNumber(figure, 'ar', { useGrouping: false, ...padded }));
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
    cellRender: lang === 'ar' ? arabicDigits : undefined,
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
  if (kind === 'datetime') return <DatePicker {...shared} showTime={{ format: TYPED.time }} disabledDate={disabledDate} />;
  return <DatePicker {...shared} needConfirm={false} disabledDate={disabledDate} />;
}
