import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessList, setUser } from '../../features/accounts/session.slices';
import { toggleSidebarAt } from '../sidebar.slice';
import { makeStore } from '../store';
import { FIND, renderApp, SCREEN_TIMEOUT } from '../test-support';
import { reloadPage } from './reload-page';
import { useSettings } from './settings-context';

vi.mock('../../features/accounts/session-guard', () => ({ SessionGuard: () => null }));
vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(window.scrollTo).mockRestore?.();
  vi.mocked(reloadPage).mockClear();
  delete document.documentElement.dataset.theme;
});


async function renderDashboard(path = '/home', options: Parameters<typeof renderApp>[1] = {}) {
  const view = await renderApp(path, options);
  await screen.findByTestId('navbar', undefined, FIND);
  return view;
}

const menuLabels = () => within(screen.getByRole('navigation', { name: 'Main navigation' })).getAllByRole('link').map((a) => a.textContent);
const selectedEntry = () => document.querySelector('[aria-current="page"]')?.textContent;

describe('the sidebar', SCREEN_TIMEOUT, () => {
  it('lists every dashboard screen while the access list is empty', async () => {
    await renderDashboard();
    expect(menuLabels()).toEqual([
      'Home',
      'Truck details',
      'Register your truck',
      'Profile',
      'Menu',
      'Orders',
      'Delivery zones',
      'Operating hours',
      'Promotions',
      'Bookings',
    ]);
  });

  it('lists the screens of the access list, in its order', async () => {
    const store = makeStore();
    store.dispatch(
      setAccessList([
        { screen: '/orders', actions: ['read', 'write'] },
        { screen: '/menu', actions: ['read'] },
      ]),
    );
    await renderDashboard('/orders', { store });
    expect(menuLabels()).toEqual(['Orders', 'Menu']);
  });

  it('selects the entry of the current route; a booking job selects the bookings', async () => {
    const { router, store } = await renderDashboard('/orders');
    await waitFor(() => expect(selectedEntry()).toBe('Orders'));
    expect(store.getState().sidebar.menu.selectedKeys).toEqual(['/orders']);
    await act(() => router.navigate('/jobs/7'));
    await waitFor(() => expect(selectedEntry()).toBe('Bookings'), FIND);
  });

  it('goes home and resets the menu from the brand link', async () => {
    const { store } = await renderDashboard('/orders');
    fireEvent.click(screen.getByRole('link', { name: 'TruckDesk: home' }));
    await screen.findByRole('heading', { level: 1, name: 'Home' }, FIND);
    expect(store.getState().sidebar.menu.selectedKeys).toEqual(['/home']);
  });

  it('collapses from the navbar, and the choice persists', async () => {
    const { store } = await renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse the sidebar' }));
    expect(store.getState().sidebar.sidebar.collapsed).toBe(true);
    expect(JSON.parse(localStorage.getItem('sidebar')!)).toEqual({ collapsed: true });
    expect(screen.getByRole('button', { name: 'Expand the sidebar' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('starts folded at a counter tablet width, unfolds from the navbar, and leaves the saved choice alone', async () => {
    const { store } = await renderDashboard('/orders', { width: 1024 });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.querySelector('.td-nav--collapsed')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand the sidebar' }));
    expect(nav.querySelector('.td-nav--collapsed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Collapse the sidebar' }).getAttribute('aria-expanded')).toBe('true');
    // Held in the sidebar slice, the one place of the sidebar's state; the saved choice untouched, nothing saved.
    expect(store.getState().sidebar.sidebar).toEqual({ collapsed: false, counterUnfolded: true });
    expect(localStorage.getItem('sidebar')).toBeNull();
  });

  it('keeps the counter width’s unfolding in the store: another layout showing the same store shows it unfolded too', async () => {
    const store = makeStore();
    store.dispatch(toggleSidebarAt('counter'));
    await renderDashboard('/orders', { width: 1100, store });
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).querySelector('.td-nav--collapsed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse the sidebar' }));
    expect(store.getState().sidebar.sidebar.counterUnfolded).toBe(false);
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).querySelector('.td-nav--collapsed')).not.toBeNull();
  });

  it('becomes a drawer below 992px, closing when an entry is chosen', async () => {
    const { router } = await renderDashboard('/home', { width: 390 });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });
});

describe('the navbar', SCREEN_TIMEOUT, () => {
  it("shows the page title and the user's name", async () => {
    const store = makeStore();
    store.dispatch(setUser({ fullName: 'Huda Al-Sabah', email: 'huda@example.com' }));
    await renderDashboard('/menu', { store });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Menu');
    expect(screen.getByTestId('user-menu').textContent).toContain('Huda Al-Sabah');
  });

  it('calls a user without a profile a guest', async () => {
    await renderDashboard();
    expect(screen.getByTestId('user-menu').textContent).toContain('Guest');
  });

  it("opens the user's menu: profile, and sign out back to the start, forgetting the session", async () => {
    localStorage.setItem('Token', 'a-token');
    const { router, store } = await renderDashboard();
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await waitFor(() => expect(document.querySelector('.ant-dropdown')).not.toBeNull(), FIND);
    const menu = within(document.querySelector<HTMLElement>('.ant-dropdown')!);
    expect(menu.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user-profile');
    fireEvent.click(menu.getByText('Sign out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.userModel.isLogin).toBe(false);
    expect(localStorage.getItem('Token')).toBeNull();
  });

  it('switches the language: saves lang and dir, then reloads', async () => {
    const { store } = await renderDashboard();
    fireEvent.click(screen.getByTestId('language-switch'));
    expect(store.getState().lang_dir).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(JSON.parse(localStorage.getItem('lang_dir')!)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('the settings drawer', SCREEN_TIMEOUT, () => {
  function DrawerStateProbe() {
    return <output data-testid="drawer-state">{String(useSettings().settings.openConfigurator)}</output>;
  }

  async function openSettings(width = 1366) {
    const view = await renderDashboard('/home', { width, extra: <DrawerStateProbe /> });
    fireEvent.click(screen.getByRole('button', { name: 'Display settings' }));
    await screen.findByRole('dialog', undefined, FIND);
    return view;
  }

  it('opens from the settings button, and closing sets it closed', async () => {
    await openSettings();
    expect(screen.getByTestId('drawer-state').textContent).toBe('true');
    expect(screen.getByText('Dashboard options')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the settings' }));
    expect(screen.getByTestId('drawer-state').textContent).toBe('false');
  });

  it('is 360px wide', async () => {
    await openSettings();
    const wrapper = document.querySelector<HTMLElement>('.td-settings .ant-drawer-content-wrapper');
    expect(wrapper?.style.width).toBe('360px');
  });

  it('changes the sidebar colour and remembers it', async () => {
    await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Warning' }));
    expect(screen.getByRole('button', { name: 'Warning' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Primary' }).getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse(localStorage.getItem('ui_settings')!).sidenavColor).toBe('warning');
  });

  it('changes the sidebar type on a wide window, and disables it below 1200px', async () => {
    const { media } = await openSettings(1366);
    const white = () => screen.getByRole('button', { name: 'White' }) as HTMLButtonElement;
    expect(white().disabled).toBe(false);
    fireEvent.click(white());
    expect(white().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('sidebar').style.background).toBe('rgb(255, 255, 255)');
    media.setWidth(1100);
    expect(white().disabled).toBe(true);
    expect(screen.getByText('The sidebar style can be changed on screens at least 1200 pixels wide.')).toBeTruthy();
    media.setWidth(1200);
    expect(white().disabled).toBe(false);
  });

  it('switches the whole app to dark and back', async () => {
    await openSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('ui_settings')!).darkMode).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('unfixes the navbar', async () => {
    await openSettings();
    expect(screen.getByTestId('navbar').className).toContain('td-navbar--fixed');
    fireEvent.click(screen.getByRole('switch', { name: 'Fixed top bar' }));
    expect(screen.getByTestId('navbar').className).not.toContain('td-navbar--fixed');
  });

  it("links to the app's own user guide in the interface language, and to no repository", async () => {
    await openSettings();
    expect(screen.getByRole('link', { name: 'Read the user guide' }).getAttribute('href')).toBe('/guide/en');
    expect(screen.queryByRole('link', { name: /Star the project/ })).toBeNull();
    expect(document.querySelector('a[href*="github.com"]')).toBeNull();
  });
});

describe('in Arabic', SCREEN_TIMEOUT, () => {
  it('lays the dashboard out right to left with Arabic labels', async () => {
    localStorage.setItem('lang_dir', JSON.stringify({ lang: 'ar', dir: 'rtl' }));
    await renderDashboard('/orders');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('الطلبات');
    expect(document.querySelector('.ant-layout-rtl')).not.toBeNull();
    expect(screen.getByTestId('language-switch').textContent).toBe('English');
  });
});
