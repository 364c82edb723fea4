/** dayjs (Ant Design's date library) in the interface language; Arabic's locale loads only when used. */
import dayjs from 'dayjs';
import type { UiLang } from '../app/lang-dir.slice';

export async function applyDayjsLocale(lang: UiLang): Promise<void> {
  if (lang === 'ar') await import('dayjs/locale/ar');
  dayjs.locale(lang);
}
