/**
 * Applies the seed's login-state rules (docs/product.md §6.4, decided by evaluateLoginState in
 * src/domain/session.ts) on every change of login state or path, and keeps a signed-in session alive:
 * it checks the session with the server once per sign-in (a token signed out elsewhere ends here too)
 * and renews the token before it expires, up to the session's maximum age. Rendered once, inside the
 * router.
 */
import { evaluateLoginState, renewDelayMs, signedOutRedirect, tokenStatus } from '@domain/session';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isBackOfficePath, KNOWN_PATHS } from '../../app/routes';
import { lazyCodeLoaded } from '../../app/store';
import { applyProfile, endSession, startSession } from './session-actions';
import { resetRole, setLogin } from './session.slices';
import { readToken, useToken } from './session-token';

/** After a failed renewal that did not end the session (offline, server restarting), try again this soon. */
const RETRY_MS = 60_000;

type Outcome = 'ended' | 'failed';

/** The API client loads only here, once someone is signed in: the entry page stays without it. */
async function loadAccountsApi(dispatch: ReturnType<typeof useAppDispatch>) {
  const module = await import('./accounts.api');
  dispatch(lazyCodeLoaded());
  return module.accountsApi;
}

const outcomeOf = (error: unknown): Outcome => ((error as { status?: unknown }).status === 401 ? 'ended' : 'failed');

export function SessionGuard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const isLogin = useAppSelector((s) => s.auth.userModel.isLogin);
  const token = useToken();
  /** Set when a renewal could not push the expiry further: the session is at its maximum age. */
  const finalExp = useRef<number | null>(null);
  const wasLoggedIn = useRef(isLogin);

  useEffect(() => {
    const decision = evaluateLoginState({ isLogin, token: readToken(), pathname, nowMs: Date.now(), knownPaths: KNOWN_PATHS });
    if (decision.tokenProblem) console.warn(`The stored sign-in token cannot be read and counts as expired: ${decision.tokenProblem}`);
    if (decision.clearSession) endSession(dispatch);
    if (decision.markLoggedIn) dispatch(setLogin(true));
    if (decision.resetRole) dispatch(resetRole());
    if (decision.navigateTo && decision.navigateTo !== pathname) navigate(decision.navigateTo, { replace: true });
    // Not while signing out: that goes to / by itself, and must not come back here after the next sign-in.
    const signingOut = wasLoggedIn.current && !isLogin;
    wasLoggedIn.current = isLogin;
    if (decision.rule === null && !signingOut) {
      const signIn = signedOutRedirect({ isLogin, token: readToken(), pathname, search, nowMs: Date.now(), isBackOffice: isBackOfficePath });
      if (signIn) navigate(signIn, { replace: true });
    }
    // The seed's trigger is exactly these two: login state and path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLogin, pathname]);

  const signOutHere = () => {
    endSession(dispatch);
    navigate('/', { replace: true });
  };

  // Once per sign-in: fresh user, roles and access list; a session ended elsewhere ends here.
  useEffect(() => {
    if (!isLogin || tokenStatus(readToken(), Date.now()).kind !== 'valid') return;
    let cancelled = false;
    void (async () => {
      const accountsApi = await loadAccountsApi(dispatch);
      try {
        const me = await dispatch(accountsApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        if (!cancelled) applyProfile(dispatch, me);
      } catch (error) {
        if (!cancelled && outcomeOf(error) === 'ended') signOutHere();
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLogin]);

  // Renewal: while the app is open a shift is never cut off by an expiring token.
  useEffect(() => {
    const status = tokenStatus(token, Date.now());
    if (!isLogin || status.kind !== 'valid') return;
    let timer: ReturnType<typeof setTimeout>;
    const atMaximumAge = finalExp.current === status.exp;
    const renew = async () => {
      if (tokenStatus(readToken(), Date.now()).kind !== 'valid') return signOutHere();
      const accountsApi = await loadAccountsApi(dispatch);
      try {
        const session = await dispatch(accountsApi.endpoints.renewSession.initiate()).unwrap();
        if (session.expiresAt <= status.exp) finalExp.current = session.expiresAt;
        dispatch(startSession(session));
      } catch (error) {
        if (outcomeOf(error) === 'ended') signOutHere();
        else timer = setTimeout(() => void renew(), RETRY_MS);
      }
    };
    // At the maximum age there is nothing left to renew: the session ends when the token does.
    const delay = atMaximumAge ? Math.max(0, status.exp * 1000 - Date.now()) : renewDelayMs(status.exp, Date.now());
    timer = setTimeout(() => (atMaximumAge ? signOutHere() : void renew()), delay);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLogin, token]);

  return null;
}
