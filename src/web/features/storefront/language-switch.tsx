import { useWording } from './i18n';

export function LanguageSwitch() {
  const { lang, t, setLang } = useWording();
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className="sf-link-button" lang={other} aria-label={t('language.switchLabel')} onClick={() => setLang(other)}>
      {t('language.switchTo')}
    </button>
  );
}
