/**
 * Switches between English and Arabic: saves `lang_dir` (persistence.ts writes it on the spot) and
 * reloads, as the seed does (docs/product.md §6.4). Plain markup, so the entry page carries no Ant
 * Design for it.
 */
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../hooks';
import { setLanguage, type UiLang } from '../lang-dir.slice';
import { reloadPage } from './reload-page';

export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const other: UiLang = lang === 'en' ? 'ar' : 'en';
  return (
    <button
      type="button"
      className={['td-language-switch', className].filter(Boolean).join(' ')}
      title={t(`shell:language.switchTo.${other}`)}
      data-testid="language-switch"
      onClick={() => {
        dispatch(setLanguage(other));
        reloadPage();
      }}
    >
      {/* The language's own name, marked as that language for screen readers. */}
      <span lang={other}>{t(`languageNames.${other}`)}</span>
    </button>
  );
}
