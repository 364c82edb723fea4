/**
 * The seed's full-screen overlay (`loading.page`): a screen whose data is loading for the first time
 * renders PageLoading instead of its content, and the app frame draws PageOverlay over the page until
 * the screen replaces it with what it loaded. Several at once (a screen and the section inside it)
 * share the flag: it drops when the last one goes. Only for a first load that ends, loaded or failed
 * (an RTK Query request): an overlay that never lifts would lock the whole shell.
 * One module with the frame's overlay, so screens find it in the start-up code, not in a file of its own.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from './hooks';
import { setPageLoading } from './loading.slice';

export function PageOverlay() {
  const { t } = useTranslation();
  const pageLoading = useAppSelector((s) => s.loading.page);
  if (!pageLoading) return null;
  return (
    <div className="td-page-overlay" role="status" data-testid="page-overlay">
      <span className="td-spinner" aria-hidden="true" />
      <span className="td-visually-hidden">{t('loading')}</span>
    </div>
  );
}

let showing = 0;

export function PageLoading() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    showing += 1;
    if (showing === 1) dispatch(setPageLoading(true));
    return () => {
      showing -= 1;
      if (showing === 0) dispatch(setPageLoading(false));
    };
  }, [dispatch]);
  return null;
}
