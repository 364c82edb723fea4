/** The formatters of ui/format.ts bound to the interface language of the store. */
import { useMemo } from 'react';
import { formatDate, formatNumber, formatTime } from '../ui/format';
import { useAppSelector } from './hooks';

export function useFormat() {
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return useMemo(
    () => ({
      lang,
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
      date: (value: Date | number | string, options?: Intl.DateTimeFormatOptions) => formatDate(value, lang, options),
      time: (value: Date | number | string, options?: Intl.DateTimeFormatOptions) => formatTime(value, lang, options),
    }),
    [lang],
  );
}
