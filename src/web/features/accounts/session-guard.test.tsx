import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIND, renderApp, SCREEN_TIMEOUT } from '../../app/test-support';
import { closePop, setLogin } from './session.slices';
import { writeToken } from './session-token';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(window.scrollTo).mockRestore?.();
});

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const VALID = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

const at = (router: Awaited<ReturnType<typeof renderApp>>['router']) => router.state.location.pathname + router.state.location.search;

describe('the session guard without a session', SCREEN_TIMEOUT, () => {
  it('sends a back-office path to / with the sign-in pop-up open, and back to it after signing in', async () => {
    const { router, store } = await renderApp('/menu?view=list');
    await waitFor(() => expect(at(router)).toBe(`/?next=${encodeURIComponent('/menu?view=list')}`), FIND);
    await waitFor(() => expect(store.getState().pop).toMatchObject({ is_open: true, type: 'sign-in' }), FIND);
    expect(await screen.findByRole('dialog', undefined, FIND)).toBeTruthy();

    // What the sign-in form does on success: the token, the login flag, the pop-up closed.
    act(() => {
      writeToken(VALID);
      store.dispatch(setLogin(true));
      store.dispatch(closePop());
    });
    await waitFor(() => expect(at(router)).toBe('/menu?view=list'), FIND);
  });

  it.each(['//evil.example/x', 'http://evil.example/', '/new-signup'])('goes to /home after signing in with next=%s', async (next) => {
    const { router, store } = await renderApp(`/?next=${encodeURIComponent(next)}`);
    await screen.findByTestId('open-sign-in', undefined, FIND);
    act(() => {
      writeToken(VALID);
      store.dispatch(setLogin(true));
    });
    await waitFor(() => expect(at(router)).toBe('/home'), FIND);
  });
});
