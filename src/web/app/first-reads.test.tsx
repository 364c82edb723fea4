import type { Menu } from '@domain/menu';
import type { TruckSummary } from '@domain/trucks';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLogin, setRole } from '../features/accounts/session.slices';
import { makeStore } from './store';
import { FIND, renderApp, SCREEN_TIMEOUT } from './test-support';

vi.mock('../features/accounts/session-guard', () => ({ SessionGuard: () => null }));
// Not the shell's lazily mounted parts (order alerts and their live stream): the screen is found
// before they load, and their imports and requests would land after the test's environment is gone.
vi.mock('./shell/shell-mounts', () => ({ ShellMounts: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const TRUCK = '5f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f';
const CATEGORY = '6f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f';

const truck: TruckSummary = {
  id: TRUCK,
  status: 'approved',
  relation: 'owner',
  nameEn: 'Saj Station',
  nameAr: 'محطة الصاج',
  logoUrl: null,
  alerts: [],
  notices: [],
  mayTrade: true,
  publicSlug: 'saj-station',
};

const menu: Menu = {
  truckId: TRUCK,
  relation: 'owner',
  currency: 'KWD',
  timeZone: 'Asia/Kuwait',
  version: 1,
  categories: [{ id: CATEGORY, nameEn: 'Drinks', nameAr: 'مشروبات', position: 0 }],
  items: [
    {
      id: '7f0c2d7e-6a1b-4c3d-9e8f-0a1b2c3d4e5f',
      categoryId: CATEGORY,
      nameEn: 'Saffron karak',
      nameAr: 'كرك بالزعفران',
      descriptionEn: '',
      descriptionAr: '',
      priceMinor: 500,
      taxCategory: 'standard',
      photoId: null,
      photoUrl: null,
      prepMinutes: 3,
      calories: null,
      tags: [],
      position: 0,
      soldOutUntil: null,
      optionGroups: [],
    },
  ],
};

describe("a truck screen's first reads", SCREEN_TIMEOUT, () => {
  it('come with its code: the screen first renders knowing its truck and showing its data, never a loading state', async () => {
    const store = makeStore();
    store.dispatch(setLogin(true));
    store.dispatch(setRole(['Vendor']));
    // Anything that said "loading" on the way: the screen's overlay, or a part waiting for the truck or its data.
    const shownLoading: string[] = [];
    store.subscribe(() => {
      if (store.getState().loading.page) shownLoading.push('page overlay');
    });
    const observer = new MutationObserver(() => {
      for (const element of document.querySelectorAll('.td-loading')) shownLoading.push(element.textContent ?? '');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await renderApp('/menu', {
      store,
      api: (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/v1/trucks') return Response.json([truck]);
        if (path === `/api/v1/trucks/${TRUCK}/menu`) return Response.json(menu);
        return null;
      },
    });
    await screen.findByText('Saffron karak', undefined, FIND);
    observer.disconnect();
    expect(shownLoading).toEqual([]);
  });
});
