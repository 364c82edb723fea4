/** dayjs (Ant Design's date library) in the interface language; Arabic's locale loads only when used. */
import dayjs from 'dayjs';
import type { Lang } from '@domain/errors';

export async function applyDayjsLocale(lang: Lang): Promise<void> {
  if (lang === 'ar') await import('dayjs/locale/ar');
  dayjs.locale(lang);
}
