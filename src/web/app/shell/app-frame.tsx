/**
 * Wraps every screen: the thin loading bar while a lazy page loads, the full-screen overlay while
 * `loading.page` is set, the scroll reset on every path change (docs/product.md §6.2) and the document
 * title, led by what waits for attention (new orders), so it shows in the browser's tab from any
 * screen. The session rules (accounts issue) plug in through <SessionGuard />.
 */
import { detailSeparator } from '@domain/locale';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { SessionGuard } from '../../features/accounts/session-guard';
import { useAppSelector } from '../hooks';
import { PageOverlay } from '../page-loading';
import { routeTitleKey } from '../routes';
import { attentionTotal, formatCount, useAttention } from './attention';
import { LoadingBar } from './loading-bar';
import './app-frame.css';

export function AppFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const waiting = attentionTotal(useAttention());

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const title = `${t(routeTitleKey(pathname))}${detailSeparator(lang)}${t('app.name')}`;
    document.title = waiting > 0 ? `(${formatCount(waiting, lang)}) ${title}` : title;
  }, [pathname, t, waiting, lang]);

  return (
    <>
      <a
        className="td-skip-link"
        href="#main"
        onClick={(event) => {
          // Focus the content without a router navigation to the hash.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('shell:skipToContent')}
      </a>
      <SessionGuard />
      {navigation.state === 'loading' && <LoadingBar />}
      <PageOverlay />
      <Outlet />
    </>
  );
}
