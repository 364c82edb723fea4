/**
 * Date and time fields in the interface language: Ant Design's DatePicker and TimePicker (24-hour),
 * taking and giving the strings the forms and the API already use — 'YYYY-MM-DD', 'HH:mm' and
 * 'YYYY-MM-DDTHH:mm' (a date and a wall time, as datetime-local gave). The value is shown through
 * Intl in the interface language (Arabic-Indic digits in Arabic, @domain/locale); while the field is
 * being edited it reads as the typed form ('2026-01-15', '14:30'), which is what typing parses.
 *
 * The pickers weigh about 36 KiB (brotli): they load when a field is first pointed at, touched or
 * focused, not with the screen (decision 015's ceilings). Until then the field is a read-only input
 * showing the same text, which the picker replaces, focused and open, once it has loaded.
 */
import type { Lang } from '@domain/errors';
import { dateTimeFormat } from '@domain/locale';
import { ConfigProvider } from 'antd';
import { useCallback, useContext, useState } from 'react';
import { NativeInput } from './native-fields';
import { onFirstUse } from './on-first-use';
import type { LoadedPicker } from './pickers.antd';
import { useMediaQuery } from './use-media-query';
import './pickers.css';

export type PickerKind = 'date' | 'time' | 'datetime';

export interface PickerFieldProps {
  /** '' while empty. Optional, with onChange and id, so an antd Form.Item can fill them in. */
  value?: string;
  onChange?(value: string): void;
  id?: string;
  /** Earliest and latest dates, 'YYYY-MM-DD' (date fields). */
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  placeholder?: string;
  testId?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** What the loaded picker module receives: the field's props, what to show, and how it came to be mounted. */
export interface LoadedPickerProps extends PickerFieldProps {
  kind: PickerKind;
  lang: Lang;
  /** The value as shown while not being edited; null when the value is not one of the field's strings. */
  display(value: string): string | null;
  /** Phones: no typing (the keyboard would cover the panel), a tap on a day or an hour instead. */
  touch: boolean;
  /** It replaced the placeholder field while that had the focus: take it and open. */
  autoFocus: boolean;
}

const pickers = onFirstUse<{ LoadedPicker: typeof LoadedPicker }>(() => import('./pickers.antd'));
const loadPickers = pickers.load;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

function showDate(value: string, lang: Lang): string | null {
  const [, year, month, day] = DATE.exec(value) ?? [];
  if (!year) return null;
  return dateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

function showTime(value: string, lang: Lang): string | null {
  const [, hour, minute] = TIME.exec(value) ?? [];
  if (!hour) return null;
  return dateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, Number(hour), Number(minute)));
}

export function showPickerValue(kind: PickerKind, value: string, lang: Lang): string | null {
  if (kind === 'date') return showDate(value, lang);
  if (kind === 'time') return showTime(value, lang);
  const [date = '', time = ''] = value.split('T');
  const shownDate = showDate(date, lang);
  const shownTime = showTime(time, lang);
  return shownDate && shownTime ? `${shownDate} ${shownTime}` : null;
}

/** The interface language as Ant Design has it (AntdProvider's locale), which the picker's panel speaks, and its placeholder. */
function usePickerLocale(kind: PickerKind): { lang: Lang; placeholder: string | undefined } {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  return {
    lang: locale?.locale?.startsWith('ar') ? 'ar' : 'en',
    placeholder: kind === 'time' ? locale?.TimePicker?.placeholder : locale?.DatePicker?.lang.placeholder,
  };
}

function PickerField({ kind, ...given }: PickerFieldProps & { kind: PickerKind }) {
  const { lang, placeholder } = usePickerLocale(kind);
  const props = { ...given, placeholder: given.placeholder ?? placeholder };
  const touch = useMediaQuery('(pointer: coarse)');
  const module = pickers.useLoaded();
  const [autoFocus, setAutoFocus] = useState(false);
  const display = useCallback((value: string) => showPickerValue(kind, value, lang), [kind, lang]);

  if (module) return <module.LoadedPicker {...props} kind={kind} lang={lang} display={display} touch={touch} autoFocus={autoFocus} />;

  const value = props.value ?? '';
  return (
    <NativeInput
      id={props.id}
      className={`td-picker-field td-picker--${kind}`}
      readOnly
      value={display(value) ?? value}
      placeholder={props.placeholder}
      disabled={props.disabled}
      required={props.required}
      invalid={props.invalid}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      testId={props.testId}
      onPointerEnter={loadPickers}
      onPointerDown={loadPickers}
      onFocus={() => {
        setAutoFocus(true);
        loadPickers();
      }}
      onBlur={() => setAutoFocus(false)}
    />
  );
}

/** A calendar date, 'YYYY-MM-DD'; days outside min…max cannot be chosen. */
export function DateField(props: PickerFieldProps) {
  return <PickerField {...props} kind="date" />;
}

/** A wall time, 'HH:mm', 24-hour. */
export function TimeField(props: Omit<PickerFieldProps, 'min' | 'max'>) {
  return <PickerField {...props} kind="time" />;
}

/** A date and a wall time, 'YYYY-MM-DDTHH:mm' (what an <input type="datetime-local"> gave). */
export function DateTimeField(props: PickerFieldProps) {
  return <PickerField {...props} kind="datetime" />;
}
