import { useTranslation } from 'react-i18next';

/** The thin bar across the top while a page's code loads (docs/product.md §6.2). */
export function LoadingBar() {
  const { t } = useTranslation();
  return <div className="td-loading-bar" role="progressbar" aria-label={t('loading')} data-testid="loading-bar" />;
}
