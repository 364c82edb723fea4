/**
 * The /menu screen at the size the issue names (300 items, 40 categories), with the API answered
 * in memory. Counts how many rows render (each row formats its price once) to show that a toggle
 * re-renders one row and a search none, and prints the commit times.
 */
// The offline counter (decision 018) keeps its queue and saved reads in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { Menu, MenuItem } from '@domain/menu';
import type * as Money from '@domain/money/minor';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { langDirFor } from '../../app/lang-dir.slice';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { installMatchMedia, stubRelativeRequests } from '../../app/test-support';
import { initI18n } from '../../i18n/i18n';
import { AntdProvider } from '../../app/antd-provider';
import { MenuScreen } from './menu-screen';

const rowRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@domain/money/minor', async (original) => {
  const money = await original<typeof Money>();
  return {
    ...money,
    formatMoney: (...args: Parameters<typeof money.formatMoney>) => {
      rowRenders.count += 1;
      return money.formatMoney(...args);
    },
  };
});

const TRUCK = '11111111-1111-4111-8111-111111111111';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function bigMenu(): Menu {
  const categories = Array.from({ length: 40 }, (_, c) => ({ id: uuid(10_000 + c), nameEn: `Category ${c}`, nameAr: `فئة ${c}`, position: c }));
  const items: MenuItem[] = Array.from({ length: 300 }, (_, n) => ({
    id: uuid(n),
    categoryId: categories[n % 40]!.id,
    nameEn: n === 123 ? 'Saffron karak' : `Dish ${n}`,
    nameAr: `طبق ${n}`,
    descriptionEn: 'Freshly made',
    descriptionAr: 'طازج',
    priceMinor: 1000 + n,
    taxCategory: 'standard',
    photoId: null,
    photoUrl: null,
    prepMinutes: 5,
    calories: null,
    tags: n % 3 === 0 ? ['halal'] : [],
    position: Math.floor(n / 40),
    soldOutUntil: null,
    optionGroups: [],
  }));
  return { truckId: TRUCK, relation: 'owner', currency: 'KWD', timeZone: 'Asia/Kuwait', version: 1, categories, items };
}

let requests: { method: string; url: string; body: unknown }[] = [];

const shownRows = () => [...document.querySelectorAll('[data-testid="menu-item"]:not([hidden])')];

beforeEach(async () => {
  requests = [];
  rowRenders.count = 0;
  installMatchMedia(1366);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  stubRelativeRequests();
  const menu = bigMenu();
  vi.stubGlobal('fetch', async (request: Request) => {
    const body = request.method === 'GET' ? undefined : await request.json();
    requests.push({ method: request.method, url: new URL(request.url).pathname, body });
    const answer = request.method === 'GET' ? menu : { version: 2, items: (body as { itemIds: string[] }).itemIds.map((id) => ({ id, soldOutUntil: 'indefinitely' })), options: [] };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderScreen(onCommit: (phase: string, ms: number) => void) {
  const store = makeStore({ lang_dir: langDirFor('en') });
  render(
    <Providers store={store} langDir={langDirFor('en')}>
      <AntdProvider>
        <Profiler id="menu" onRender={(_id, phase, actualDuration) => onCommit(phase, actualDuration)}>
          <MenuScreen truckId={TRUCK} />
        </Profiler>
      </AntdProvider>
    </Providers>,
  );
  await waitFor(() => expect(screen.getAllByTestId('menu-item')).toHaveLength(300), { timeout: 60_000 });
}

// The limits only stop a hang: the checks count renders and requests, and a loaded 2-core machine
// took 26 s for one test (the 30 s limit failed it once).
describe('the menu screen with 300 items in 40 categories', { timeout: 120_000 }, () => {
  it('re-renders one row for a toggle and none for a search', async () => {
    let commitMs = 0;
    await renderScreen((_phase, ms) => (commitMs += ms));
    expect(screen.getAllByTestId('menu-section')).toHaveLength(40);
    const mount = { rows: rowRenders.count, ms: commitMs };
    expect(mount.rows).toBe(300);

    rowRenders.count = 0;
    commitMs = 0;
    const row = screen.getAllByTestId('menu-item')[0]!;
    await act(async () => fireEvent.click(within(row).getByTestId('sold-out')));
    await waitFor(() => expect(within(screen.getAllByTestId('menu-item')[0]!).getByTestId('sold-out-tag')).toBeTruthy());
    const toggle = { rows: rowRenders.count, ms: commitMs };
    // The optimistic patch, then the server's answer: the same row both times, no other.
    expect(toggle.rows).toBeLessThanOrEqual(2);
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: `/api/v1/trucks/${TRUCK}/menu/availability`, body: { state: 'sold_out', itemIds: [uuid(0)] } });

    rowRenders.count = 0;
    commitMs = 0;
    await act(async () => fireEvent.change(screen.getByTestId('menu-search'), { target: { value: 'karak' } }));
    await waitFor(() => expect(shownRows()).toHaveLength(1));
    const search = { rows: rowRenders.count, ms: commitMs };
    // Rows are hidden, not unmounted, and the one that stays is left as it was.
    expect(search.rows).toBe(0);
    expect(shownRows()[0]?.textContent).toContain('Saffron karak');

    // Figures for the record (jsdom, so slower than a browser): React's own render time per interaction.
    console.info(
      `menu screen, 300 items: mount ${mount.rows} rows ${mount.ms.toFixed(1)} ms; toggle ${toggle.rows} rows ${toggle.ms.toFixed(1)} ms; search ${search.rows} rows ${search.ms.toFixed(1)} ms`,
    );
  });

  it('selects several items and marks them sold out for the day in one request', async () => {
    await renderScreen(() => {});
    const rows = screen.getAllByTestId('menu-item');
    for (const row of rows.slice(0, 3)) fireEvent.click(within(row).getByRole('checkbox'));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-sold-out-today')));
    await waitFor(() => expect(requests.at(-1)?.method).toBe('POST'));
    expect(requests.at(-1)?.body).toEqual({ state: 'sold_out_today', itemIds: [uuid(0), uuid(40), uuid(80)], optionIds: [] });
  });
});
