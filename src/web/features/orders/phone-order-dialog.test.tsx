/**
 * Taking an order by phone: items found on the menu by category and by name, their options (a
 * choose-one group as radio buttons, a group's maximum kept), live prices, a local number given the
 * truck's country code, one Idempotency-Key however often it is sent, and what stops the order said
 * beside the field it concerns, the server's refusal too, in the interface language.
 */
// The offline counter (decision 018) keeps its queue and saved reads in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
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
import { formatMoney, formatPercent } from '@domain/money/minor';
import { orderTotals } from '@domain/money/order-totals';

const TRUCK = '11111111-1111-4111-8111-111111111111';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DESK: OrderDesk = { truckId: TRUCK, nameEn: 'Saj Station', nameAr: 'محطة الصاج', currency: 'KWD', timeZone: 'Asia/Kuwait', defaultPrepMinutes: 15, acceptanceWindowMinutes: 10, autoAccept: false, tax: { mode: 'none' }, tips: { enabled: false, presetsBp: [0, 500, 1000, 1500], capBp: 3000 }, location: null, mayRefund: false };
const MENU: Menu = {
  truckId: TRUCK,
  relation: 'staff',
  currency: 'KWD',
  timeZone: 'Asia/Kuwait',
  version: 1,
  categories: [
    { id: uuid(101), nameEn: 'Drinks', nameAr: 'مشروبات', position: 1 },
    { id: uuid(100), nameEn: 'Wraps', nameAr: 'لفائف', position: 0 },
  ],
  items: [
    {
      id: uuid(1),
      categoryId: uuid(100),
      nameEn: 'Chicken shawarma',
      nameAr: 'شاورما دجاج',
      descriptionEn: '',
      descriptionAr: '',
      priceMinor: 1_250,
      taxCategory: 'standard',
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
        {
          id: uuid(20),
          nameEn: 'Extras',
          nameAr: 'إضافات',
          required: false,
          minSelections: 0,
          maxSelections: 2,
          options: [
            { id: uuid(21), nameEn: 'Cheese', nameAr: 'جبن', priceDeltaMinor: 200, soldOutUntil: null },
            { id: uuid(22), nameEn: 'Garlic', nameAr: 'ثوم', priceDeltaMinor: 50, soldOutUntil: null },
            { id: uuid(23), nameEn: 'Pickles', nameAr: 'مخلل', priceDeltaMinor: 0, soldOutUntil: null },
          ],
        },
      ],
    },
    { id: uuid(3), categoryId: uuid(101), nameEn: 'Mint lemonade', nameAr: 'ليمون بالنعناع', descriptionEn: '', descriptionAr: '', priceMinor: 500, taxCategory: 'standard', photoId: null, photoUrl: null, prepMinutes: null, calories: null, tags: [], position: 0, optionGroups: [], soldOutUntil: null },
    { id: uuid(2), categoryId: uuid(100), nameEn: 'Sold-out fries', nameAr: 'بطاطا', descriptionEn: '', descriptionAr: '', priceMinor: 750, taxCategory: 'standard', photoId: null, photoUrl: null, prepMinutes: null, calories: null, tags: [], position: 1, optionGroups: [], soldOutUntil: 'indefinitely' },
  ],
};

let posted: { headers: Headers; body: unknown }[];
let answer: Response;

beforeEach(async () => {
  posted = [];
  installMatchMedia(1366);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  stubRelativeRequests();
  // jsdom lays nothing out: the dialog brings its first problem into view.
  Element.prototype.scrollIntoView = () => {};
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

function renderDialog(onPlaced = vi.fn(), desk: OrderDesk = DESK, lang: 'en' | 'ar' = 'en') {
  const store = makeStore({ lang_dir: langDirFor(lang) });
  render(
    <Providers store={store} langDir={langDirFor(lang)}>
      <AntdProvider>
        <PhoneOrderDialog desk={desk} format={orderFormat(lang, 'Asia/Kuwait')} onClose={() => {}} onPlaced={onPlaced} />
      </AntdProvider>
    </Providers>,
  );
  return onPlaced;
}

async function fillOrder({ phone = '5551 2345' } = {}) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Customer name'), { target: { value: 'Huda' } });
  fireEvent.change(within(dialog).getByLabelText('Customer phone'), { target: { value: phone } });
  fireEvent.click(await within(dialog).findByRole('button', { name: /Chicken shawarma/ }));
  fireEvent.click(within(dialog).getByLabelText(/Pita/));
  fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '2' } });
  return dialog;
}

/** An element's words as a person reads them: its parts apart, money's no-break space a space. */
const shownText = (element: HTMLElement) => [...element.children].map((part) => part.textContent!.replace(/\s/g, ' ')).join(' ');

const place = (dialog: HTMLElement) => act(async () => fireEvent.click(within(dialog).getByText('Place order').closest('button')!));

describe('the phone order', () => {
  it('offers what is available by category, prices it as the menu does, and places it once under one key, a local number with the truck country code', async () => {
    answer = new Response(JSON.stringify({ id: uuid(500) }), { status: 201, headers: { 'content-type': 'application/json' } });
    const onPlaced = renderDialog();
    const dialog = await fillOrder();
    expect(within(dialog).queryByText(/Sold-out fries/)).toBeNull();
    fireEvent.click(within(within(dialog).getByTestId('phone-menu-categories')).getByLabelText('All'));
    expect(within(dialog).getAllByTestId('phone-menu-section').map((section) => section.querySelector('h4')!.textContent)).toEqual(['Wraps', 'Drinks']);
    expect(within(dialog).getByText('Subtotal: KWD 2.700')).toBeTruthy();

    await place(dialog);
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(posted[0]!.body).toEqual({
      lines: [{ itemId: uuid(1), optionIds: [uuid(12)], qty: 2, note: '' }],
      customer: { name: 'Huda', phone: '+9655551 2345' },
      type: 'pickup',
      paymentMethod: 'cash',
    });
    expect(posted[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('finds items by name in either language and by category', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: /Chicken shawarma/ });
    expect(within(dialog).queryByRole('button', { name: /Mint lemonade/ })).toBeNull();
    fireEvent.click(within(within(dialog).getByTestId('phone-menu-categories')).getByLabelText('Drinks'));
    expect(within(dialog).getAllByTestId('phone-menu-item').map(shownText)).toEqual(['Mint lemonade KWD 0.500']);
    fireEvent.change(within(dialog).getByTestId('phone-menu-search'), { target: { value: 'شاورما' } });
    expect(within(dialog).getAllByTestId('phone-menu-item').map(shownText)).toEqual(['Chicken shawarma KWD 1.250']);
  });

  it('draws a choose-one group as radio buttons, keeps a group to its maximum with a message, and prices the line as it changes', async () => {
    renderDialog();
    const dialog = await fillOrder();
    const bread = within(dialog).getByTestId(`phone-group-${uuid(10)}`);
    expect(within(bread).getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(bread).getByLabelText(/Saj/));
    expect((within(bread).getByLabelText(/Pita/) as HTMLInputElement).checked).toBe(false);
    const price = within(dialog).getByTestId('phone-line-0-price');
    expect(price.textContent!.replace(/\s/g, ' ')).toBe('KWD 2.500');

    const extras = within(dialog).getByTestId(`phone-group-${uuid(20)}`);
    fireEvent.click(within(extras).getByLabelText(/Cheese/));
    fireEvent.click(within(extras).getByLabelText(/Garlic/));
    const pickles = within(extras).getByLabelText(/Pickles/) as HTMLInputElement;
    expect(pickles.disabled).toBe(true);
    fireEvent.click(pickles);
    expect(pickles.checked).toBe(false);
    expect(within(extras).getByTestId(`phone-group-${uuid(20)}-full`).textContent).toBe('2 is the most here: untick one to choose another.');
    expect(price.textContent!.replace(/\s/g, ' ')).toBe('KWD 3.000');
    expect(within(dialog).getByText('Subtotal: KWD 3.000')).toBeTruthy();
  });

  it('refuses a quantity below one and an empty name beside their fields, and sends nothing', async () => {
    renderDialog();
    const dialog = await fillOrder();
    fireEvent.change(within(dialog).getByLabelText('Customer name'), { target: { value: ' ' } });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '-2' } });
    await place(dialog);
    expect(within(dialog).getByTestId('phone-error-line.0.qty').textContent).toBe('The quantity must be a whole number from 1 to 99.');
    expect(within(dialog).getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByTestId('phone-error-name').textContent).toBe('This field is required.');
    expect(within(dialog).getByLabelText('Customer name').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toHaveLength(0);
  });

  it('shows why the server refused it beside the field, in the interface language, and keeps the same key for the retry', async () => {
    answer = new Response(
      JSON.stringify({ error: { code: 'validation_failed', message: 'x', fields: [{ path: 'customer.phone', code: 'invalid_phone', message: 'x' }] } }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    );
    renderDialog();
    const dialog = await fillOrder({ phone: '12' });
    await place(dialog);
    expect((await within(dialog).findByTestId('phone-error-phone')).textContent).toBe('Enter the number in international form, e.g. +96550001234.');
    expect(within(dialog).getByLabelText('Customer phone').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByTestId('phone-order-problems').textContent).toBeTruthy();
    // jsdom never ends the loading icon's leave animation: find the button by its text.
    await place(dialog);
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.headers.get('idempotency-key')).toBe(posted[0]!.headers.get('idempotency-key'));
  });
});

describe('a tip on a phone order, and its money before it is placed', () => {
  /** 5 % added on top, tips off for customers (staff may still add one), at most 20 % of the goods. */
  const TAXED: OrderDesk = { ...DESK, tax: { mode: 'rate', rateBasisPoints: 500, pricesIncludeTax: false, deliveryFeeTaxed: true }, tips: { enabled: false, presetsBp: [0, 500, 1000], capBp: 2000 } };
  const line = (dialog: HTMLElement, testId: string) => shownText(within(dialog).getByTestId(testId));

  it('adds a preset tip or an amount, shows the tax line, the tip and the total by orderTotals, refuses a tip above the cap or below zero, and sends the tip', async () => {
    answer = new Response(JSON.stringify({ id: uuid(501) }), { status: 201, headers: { 'content-type': 'application/json' } });
    const onPlaced = renderDialog(vi.fn(), TAXED);
    const dialog = await fillOrder();
    // 2 × 1.350 = 2.700; 5 % on top: 0.135.
    expect(line(dialog, 'phone-tax')).toBe('Tax 5% KWD 0.135');
    expect(within(dialog).queryByTestId('phone-tip-line')).toBeNull();
    expect(line(dialog, 'phone-total')).toBe('Total KWD 2.835');

    fireEvent.click(within(dialog).getByLabelText('10%'));
    expect(line(dialog, 'phone-tip-line')).toBe('Tip KWD 0.270');
    const expected = orderTotals({ currency: 'KWD', lines: [{ unitPriceMinor: 1_350, quantity: 2, taxCategory: 'standard' }], deliveryFeeMinor: 0, tax: TAXED.tax, tip: { kind: 'percent', basisPoints: 1000 } });
    expect(line(dialog, 'phone-total')).toBe(`Total ${formatMoney(expected.totalMinor, 'KWD', 'en').replace(/\s/g, ' ')}`);

    fireEvent.click(within(dialog).getByLabelText('Another amount'));
    const amount = within(dialog).getByTestId('phone-tip-amount');
    fireEvent.change(amount, { target: { value: '0.6' } });
    expect(within(dialog).getByTestId('phone-error-tip').textContent!.replace(/\s/g, ' ')).toBe('The tip can be at most KWD 0.540 on this order.');
    fireEvent.change(amount, { target: { value: '-1' } });
    expect(within(dialog).getByTestId('phone-error-tip').textContent).toBe('A tip cannot be negative.');
    await place(dialog);
    expect(posted).toEqual([]);

    fireEvent.change(amount, { target: { value: '0.5' } });
    expect(within(dialog).queryByTestId('phone-error-tip')).toBeNull();
    expect(line(dialog, 'phone-total')).toBe('Total KWD 3.335');
    await place(dialog);
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(posted[0]!.body).toMatchObject({ tip: { kind: 'amount', minor: 500 } });
  });

  it('says it in Arabic, with the interface digits', async () => {
    await initI18n('ar');
    renderDialog(vi.fn(), TAXED, 'ar');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /شاورما دجاج/ }));
    fireEvent.click(within(dialog).getByLabelText(formatPercent(1000, 'ar')));
    // 1.250 with its bread (no extra); 5 % on top: 0.0625, half-up 0.063; a 10 % tip: 0.125.
    const money = (minor: number) => formatMoney(minor, 'KWD', 'ar').replace(/\s/g, ' ');
    expect(line(dialog, 'phone-tax')).toBe(`الضريبة ${formatPercent(500, 'ar')} ${money(63)}`);
    expect(line(dialog, 'phone-tip-line')).toBe(`الإكرامية ${money(125)}`);
    expect(line(dialog, 'phone-total')).toBe(`الإجمالي ${money(1_438)}`);
    fireEvent.click(within(dialog).getByLabelText('مبلغ آخر'));
    fireEvent.change(within(dialog).getByTestId('phone-tip-amount'), { target: { value: '-١' } });
    expect(within(dialog).getByTestId('phone-error-tip').textContent).toBe('لا يمكن أن تكون الإكرامية سالبة.');
  });
});
