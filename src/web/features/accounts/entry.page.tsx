/**
 * `/`: what TruckDesk does, and the way in through the seed's pop-ups (sign-in, sign-up,
 * forgot-password, create-profile; docs/product.md §6.3). Plain markup and CSS: the pop-ups and their
 * forms load on first open, keeping this page within its weight budget. A signed-in user goes on to
 * /home, or back to the screen kept in `?next=` (set by the session guard for a signed-out visitor),
 * whose sign-in pop-up opens by itself.
 */
import { safeNextPath } from '@domain/session';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isBackOfficePath } from '../../app/routes';
import { openPop } from './session.slices';
import './entry.page.css';

const AccountDialog = lazy(() => import('./account-dialog'));

const POINTS = ['orders', 'menu', 'bookings'] as const;

export function Component() {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const isLogin = useAppSelector((s) => s.auth.userModel.isLogin);
  const pop = useAppSelector((s) => s.pop);
  const [params, setParams] = useSearchParams();
  const [resetToken, setResetToken] = useState(() => params.get('reset'));
  const [dialogLoaded, setDialogLoaded] = useState(pop.is_open);
  if (pop.is_open && !dialogLoaded) setDialogLoaded(true);

  const next = safeNextPath(params.get('next'));
  // Only a signed-in screen: anything else (such as / itself) would bounce or go nowhere useful.
  const afterSignIn = next && isBackOfficePath(new URL(next, window.location.origin).pathname) ? next : '/home';

  useEffect(() => {
    if (afterSignIn !== '/home' && !isLogin) dispatch(openPop({ type: 'sign-in' }));
    // Once on arrival: a visitor who closes the pop-up keeps it closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!params.has('reset')) return;
    dispatch(openPop({ type: 'forgot-password' }));
    // The link's token stays out of the address bar (and history) once read.
    setParams({}, { replace: true });
  }, [dispatch, params, setParams]);

  // Not while a pop-up is open: signing up goes on to create-profile before /home.
  if (isLogin && !pop.is_open && !resetToken) return <Navigate to={afterSignIn} replace />;

  return (
    <div className="td-entry">
      <section className="td-entry__hero">
        <h1>{t('entry.title')}</h1>
        <p className="td-entry__lead">{t('entry.lead')}</p>
        <ul className="td-entry__points">
          {POINTS.map((point) => (
            <li key={point}>{t(`entry.points.${point}`)}</li>
          ))}
        </ul>
        <div className="td-entry__actions">
          <button type="button" className="td-button td-button--primary" data-testid="open-sign-up" onClick={() => dispatch(openPop({ type: 'sign-up' }))}>
            {t('entry.signUp')}
          </button>
          <button type="button" className="td-button" data-testid="open-sign-in" onClick={() => dispatch(openPop({ type: 'sign-in' }))}>
            {t('entry.signIn')}
          </button>
        </div>
        <Link className="td-entry__full-signup" to="/new-signup">
          {t('entry.fullSignUp')}
        </Link>
      </section>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <AccountDialog resetToken={resetToken} onResetFinished={() => setResetToken(null)} />
        </Suspense>
      )}
    </div>
  );
}
