/**
 * Starting and ending a session on the client: the token, the user, their roles and access list, and
 * the login flag, under the seed's storage keys (docs/product.md §6.3). Kept free of the API client,
 * because the session guard that ends expired sessions ships with the entry chunk.
 */
import type { Me, Session } from '@domain/accounts';
import { removeKeys, STORAGE_KEYS } from '../../app/storage';
import type { AppDispatch, RootState } from '../../app/store';
import { resetRole, setAccessList, setLogin, setRole, setUser } from './session.slices';
import { writeToken } from './session-token';

/** The user, roles and access list the server answered (sign-in, renewal, /me). */
export function applyProfile(dispatch: AppDispatch, me: Me): void {
  dispatch(setUser(me.user));
  dispatch(setRole(me.user.roles));
  dispatch(setAccessList(me.accessList));
}

/** Signed in, renewed or password changed: the new token, user and access list. */
export function startSession(session: Session) {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    // Another user's cached server data must not show; only when a screen loaded the API (the entry page never does).
    if (getState().user.user?.id !== session.user.id && getState().api) {
      void import('../../app/api').then(({ api }) => dispatch(api.util.resetApiState()));
    }
    // The token first: the login flag flipping re-runs the session rules, which read it.
    writeToken(session.token);
    applyProfile(dispatch, session);
    dispatch(setLogin(true));
  };
}

/**
 * Seed §4 rule 1: token, user, access list and login flag leave local storage and isLogin becomes
 * false; the language and display preferences stay. The API cache is cleared at the next sign-in,
 * not here: clearing it under a still-mounted screen would refetch everything without a token.
 */
export function endSession(dispatch: AppDispatch): void {
  dispatch(setLogin(false));
  dispatch(setUser(null));
  dispatch(setAccessList([]));
  dispatch(resetRole());
  writeToken(null);
  removeKeys([STORAGE_KEYS.userModel, STORAGE_KEYS.user, STORAGE_KEYS.accessList, STORAGE_KEYS.role]);
}
