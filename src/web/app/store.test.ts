import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistState } from './persistence';
import { lazyCodeLoaded, makeStore } from './store';
import { setLanguage } from './lang-dir.slice';
import { setCollapsed } from './sidebar.slice';
import { setAccessList, setLogin, setRole, setUser } from '../features/accounts/session.slices';

afterEach(() => {
  localStorage.clear();
  vi.mocked(Storage.prototype.getItem).mockRestore?.();
  vi.mocked(Storage.prototype.setItem).mockRestore?.();
});

const DEFAULTS = {
  auth: { userModel: { isLogin: false } },
  user: { role: ['Applicant'], user: null },
  pop: { is_open: false, type: 'sign-in', email: '' },
  accessControl: { accessList: [] },
  lang_dir: { lang: 'en', dir: 'ltr' },
  loading: { page: false, comp: false },
  order: { orders: [], selectedOrder: null, count: {}, activeStatus: 'pending', tab_loading: false, order_loading: false },
  booking: {
    bookings: [],
    selectedOrder: null,
    count: {},
    activeStatus: 'pending',
    tab_loading: false,
    order_loading: false,
    availableToArrive: false,
  },
  sidebar: { menu: { selectedKeys: ['/home'], openKeys: [] }, sidebar: { collapsed: false, counterUnfolded: false } },
};

const PERSISTED_KEYS = ['userModel', 'role', 'user_details', 'access_list_data', 'lang_dir', 'sidebar'];

/** The seed's slices and storage keys: docs/product.md §6.3. */
describe('the store', () => {
  it("holds the seed's slices under their names, with their defaults", () => {
    expect(makeStore().getState()).toEqual(DEFAULTS);
  });

  it.each(['{', 'null', '42', '"text"', '[]', '[{"screen":1}]'])('starts from the defaults when every saved value is %s', (raw) => {
    for (const key of PERSISTED_KEYS) localStorage.setItem(key, raw);
    expect(makeStore().getState()).toEqual(DEFAULTS);
  });

  it('starts from the defaults when local storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(makeStore().getState()).toEqual(DEFAULTS);
  });

  it('writes the persisted slices under the seed keys when they change, and reads them back', () => {
    const store = makeStore();
    persistState(store);
    store.dispatch(setLogin(true));
    store.dispatch(setRole(['Vendor']));
    store.dispatch(setUser({ fullName: 'Huda' }));
    store.dispatch(setAccessList([{ screen: '/menu', actions: ['read', 'write'] }]));
    store.dispatch(setLanguage('ar'));
    store.dispatch(setCollapsed(true));
    expect(JSON.parse(localStorage.getItem('userModel')!)).toEqual({ isLogin: true });
    expect(JSON.parse(localStorage.getItem('role')!)).toEqual(['Vendor']);
    expect(JSON.parse(localStorage.getItem('user_details')!)).toEqual({ fullName: 'Huda' });
    expect(JSON.parse(localStorage.getItem('access_list_data')!)).toEqual([{ screen: '/menu', actions: ['read', 'write'] }]);
    expect(JSON.parse(localStorage.getItem('lang_dir')!)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(JSON.parse(localStorage.getItem('sidebar')!)).toEqual({ collapsed: true });

    const reloaded = makeStore().getState();
    expect(reloaded.auth.userModel.isLogin).toBe(true);
    expect(reloaded.user).toEqual({ role: ['Vendor'], user: { fullName: 'Huda' } });
    expect(reloaded.accessControl.accessList).toHaveLength(1);
    expect(reloaded.lang_dir).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(reloaded.sidebar.sidebar.collapsed).toBe(true);
  });

  it('keeps working when local storage refuses writes', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = makeStore();
    persistState(store);
    store.dispatch(setLanguage('ar'));
    expect(store.getState().lang_dir.lang).toBe('ar');
  });

  it('gains the API cache once the API module loads and the next action arrives', async () => {
    const store = makeStore();
    await import('./api');
    store.dispatch(lazyCodeLoaded());
    expect(store.getState().api).toMatchObject({ queries: {}, mutations: {} });
  });
});
