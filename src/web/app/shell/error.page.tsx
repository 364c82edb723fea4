/**
 * What a screen shows when its code fails (most often a chunk of an older deployment that is gone):
 * a translated message and a reload, instead of React Router's developer page.
 */
import { useTranslation } from 'react-i18next';
import { reloadPage } from './reload-page';

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="td-message-page" data-testid="error-page">
      <h1>{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <button type="button" className="td-button td-button--primary" onClick={reloadPage}>
        {t('error.reload')}
      </button>
    </main>
  );
}
