/**
 * Taking an order by phone: items from the menu with their options, the menu's total, one
 * Idempotency-Key however often it is sent, and the server's refusal worded in the interface language.
 */
import type { Menu } from '@domain/menu';
import type { OrderDesk } from '@domain/orders/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { langDirFor } from '../../app/lang-dir.slice';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { installMatchMedia, stubRelativeRequests } from '../../app/test-support';
import { initI18n } from '../../i18n/i18n';
import { AntdProvider } from '../../app/antd-provider';
import { orderFormat } from './order-format';
import PhoneOrderDialog from './phone-order-dialog';

const TRUCK = '11111111-1111-4111-8111-111111111111';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DESK: OrderDesk = { truckId: TRUCK, nameEn: 'Saj Station', nameAr: 'محطة الصاج', currency: 'KWD', timeZone: 'Asia/Kuwait', defaultPrepMinutes: 15, acceptanceWindowMinutes: 10, autoAccept: false, location: null };
const MENU: Menu = {
  truckId: TRUCK,
  relation: 'staff',
  currency: 'KWD',
  timeZone: 'Asia/Kuwait',
  version: 1,
  categories: [{ id: uuid(100), nameEn: 'Wraps', nameAr: 'لفائف', position: 0 }],
  items: [
    {
      id: uuid(1),
      categoryId: uuid(100),
      nameEn: 'Chicken shawarma',
      nameAr: 'شاورما دجاج',
      descriptionEn: '',
      descriptionAr: '',
      priceMinor: 1_250,
      photoId: null,
      photoUrl: null,
      prepMinutes: 10,
      calories: null,
      tags: [],
      position: 0,
      soldOutUntil: null,
      optionGroups: [
        {
          id: uuid(10),
          nameEn: 'Bread',
          nameAr: 'الخبز',
          required: true,
          minSelections: 1,
          maxSelections: 1,
          options: [
            { id: uuid(11), nameEn: 'Saj', nameAr: 'صاج', priceDeltaMinor: 0, soldOutUntil: null },
            { id: uuid(12), nameEn: 'Pita', nameAr: 'عربي', priceDeltaMinor: 100, soldOutUntil: null },
          ],
        },
      ],
    },
    { id: uuid(2), categoryId: uuid(100), nameEn: 'Sold-out fries', nameAr: 'بطاطا', descriptionEn: '', descriptionAr: '', priceMinor: 750, photoId: null, photoUrl: null, prepMinutes: null, calories: null, tags: [], position: 1, optionGroups: [], soldOutUntil: 'indefinitely' },
  ],
};

let posted: { headers: Headers; body: unknown }[];
let answer: Response;

beforeEach(async () => {
  posted = [];
  installMatchMedia(1366);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  stubRelativeRequests();
  vi.stubGlobal('fetch', async (request: Request) => {
    if (request.method === 'GET') return new Response(JSON.stringify(MENU), { status: 200, headers: { 'content-type': 'application/json' } });
    posted.push({ headers: request.headers, body: await request.json() });
    return answer.clone();
  });
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onPlaced = vi.fn()) {
  const store = makeStore({ lang_dir: langDirFor('en') });
  render(
    <Providers store={store} langDir={langDirFor('en')}>
      <AntdProvider>
        <PhoneOrderDialog desk={DESK} format={orderFormat('en', 'Asia/Kuwait')} onClose={() => {}} onPlaced={onPlaced} />
      </AntdProvider>
    </Providers>,
  );
  return onPlaced;
}

async function fillOrder() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Customer name'), { target: { value: 'Huda' } });
  fireEvent.change(within(dialog).getByLabelText('Customer phone'), { target: { value: '+965 5551 2345' } });
  const items = within(dialog).getByLabelText('Add an item');
  await waitFor(() => expect(within(items).getAllByRole('option')).toHaveLength(2));
  fireEvent.change(items, { target: { value: uuid(1) } });
  fireEvent.click(within(dialog).getByLabelText(/Pita/));
  fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '2' } });
  return dialog;
}

describe('the phone order', () => {
  it('offers what is available, prices it as the menu does, and places it once under one key', async () => {
    answer = new Response(JSON.stringify({ id: uuid(500) }), { status: 201, headers: { 'content-type': 'application/json' } });
    const onPlaced = renderDialog();
    const dialog = await fillOrder();
    expect(within(dialog).queryByText(/Sold-out fries/)).toBeNull();
    expect(within(dialog).getByText('Subtotal: KWD 2.700')).toBeTruthy();

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' })));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(posted[0]!.body).toEqual({
      lines: [{ itemId: uuid(1), optionIds: [uuid(12)], qty: 2, note: '' }],
      customer: { name: 'Huda', phone: '+965 5551 2345' },
      type: 'pickup',
      paymentMethod: 'cash',
    });
    expect(posted[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows why the server refused it, in the interface language, and keeps the same key for the retry', async () => {
    answer = new Response(
      JSON.stringify({ error: { code: 'item_unavailable', message: 'x', fields: [{ path: 'lines.0.itemId', code: 'item_unavailable', message: 'x' }] } }),
      { status: 422, headers: { 'content-type': 'application/json' } },
    );
    renderDialog();
    const dialog = await fillOrder();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' })));
    const problems = await within(dialog).findByTestId('phone-order-problems');
    expect(problems.textContent).toContain('An item in the order is sold out.');
    expect(problems.textContent).toContain('This item is sold out right now.');
    // jsdom never ends the loading icon's leave animation: find the button by its text.
    await act(async () => fireEvent.click(within(dialog).getByText('Place order').closest('button')!));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.headers.get('idempotency-key')).toBe(posted[0]!.headers.get('idempotency-key'));
  });
});
