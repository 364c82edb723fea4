import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessList, setLogin } from '../../features/accounts/session.slices';
import { setPageLoading } from '../loading.slice';
import { makeStore } from '../store';
import { FIND, renderApp, SCREEN_TIMEOUT } from '../test-support';
import { useSettings } from './settings-context';

// The frame is under test here, not the accounts issue's session rules that plug into it.
vi.mock('../../features/accounts/session-guard', () => ({ SessionGuard: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(window.scrollTo).mockRestore?.();
});


describe('the app frame', SCREEN_TIMEOUT, () => {
  it('covers the page with the overlay while loading.page is set', async () => {
    const { store } = await renderApp('/nowhere');
    await screen.findByTestId('not-found', undefined, FIND);
    expect(screen.queryByTestId('page-overlay')).toBeNull();
    act(() => void store.dispatch(setPageLoading(true)));
    expect(screen.getByTestId('page-overlay').textContent).toBe('Loading…');
    act(() => void store.dispatch(setPageLoading(false)));
    expect(screen.queryByTestId('page-overlay')).toBeNull();
  });

  it('scrolls to the top on every path change', async () => {
    const { router } = await renderApp('/nowhere');
    await screen.findByTestId('not-found', undefined, FIND);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/elsewhere'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/home'));
    await screen.findByRole('heading', { level: 1, name: 'Home' }, FIND);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('titles the document after the screen', async () => {
    await renderApp('/orders');
    await waitFor(() => expect(document.title).toBe('Orders · TruckDesk'), FIND);
  });

  it('shows the not-found page on an unknown path', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, FIND)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found · TruckDesk');
  });

  it('shows the protected extra screens to a signed-in user only', async () => {
    const first = await renderApp('/admin/reviews');
    expect(await screen.findByTestId('not-found', undefined, FIND)).toBeTruthy();
    first.unmount();

    const store = makeStore();
    store.dispatch(setLogin(true));
    store.dispatch(setAccessList([{ screen: '/admin/reviews', actions: ['read', 'write'] }]));
    await renderApp('/admin/reviews', { store });
    expect(await screen.findByRole('heading', { level: 1, name: 'Truck applications' }, FIND)).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
  });
});

/** The seed's layouts, 'dashboard' and 'page': docs/product.md §6.2. */
describe("the seed's layout value", SCREEN_TIMEOUT, () => {
  function LayoutProbe() {
    return <output data-testid="layout">{useSettings().settings.layout}</output>;
  }

  it("is 'page' on full pages and 'dashboard' in the dashboard", async () => {
    const { router } = await renderApp('/nowhere', { extra: <LayoutProbe /> });
    await waitFor(() => expect(screen.getByTestId('layout').textContent).toBe('page'), FIND);
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(screen.getByTestId('layout').textContent).toBe('dashboard'), FIND);
  });
});
