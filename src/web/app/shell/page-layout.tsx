/** Full-page screens (the seed's layout 'page', docs/product.md §6.2): the entry page, sign-up and the not-found page. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from './language-switch';
import { useSettings } from './settings-context';

export function PageLayout() {
  const { t } = useTranslation();
  const { dispatch } = useSettings();
  useEffect(() => dispatch({ type: 'layout', value: 'page' }), [dispatch]);
  return (
    <div className="td-page-layout">
      <header className="td-page-layout__bar">
        <span className="td-wordmark">{t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1} className="td-page-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
