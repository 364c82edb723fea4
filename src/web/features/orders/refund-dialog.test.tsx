/**
 * Giving money back from the order panel (issue 44): offered on a paid order to whoever may, the whole
 * order or chosen items with a reason, the amount shown before confirming as the server will compute
 * it, and the server's refusal in the interface language; in English and in Arabic.
 */
import 'fake-indexeddb/auto';
import type { Order, OrderDesk } from '@domain/orders/contracts';
import type { RefundList } from '@domain/orders/refunds';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@domain/errors';
import { langDirFor } from '../../app/lang-dir.slice';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { installMatchMedia, stubRelativeRequests } from '../../app/test-support';
import { initI18n } from '../../i18n/i18n';
import { AntdProvider } from '../../app/antd-provider';
import { orderFormat } from './order-format';
import { OrderPanel } from './order-panel';

const TRUCK = '11111111-1111-4111-8111-111111111111';
const ORDER = '00000000-0000-4000-8000-000000000042';
const DESK: OrderDesk = {
  truckId: TRUCK,
  nameEn: 'Saj Station',
  nameAr: 'محطة الصاج',
  currency: 'KWD',
  timeZone: 'Asia/Kuwait',
  defaultPrepMinutes: 15,
  acceptanceWindowMinutes: 10,
  autoAccept: false,
  tax: { mode: 'none' },
  tips: { enabled: true, presetsBp: [0, 500], capBp: 3000 },
  location: null,
  mayRefund: true,
};

const at = '2025-05-01T10:00:00.000Z';
/** Five fries (3.750) and a tip of 0.250: 4.000 paid. */
const ORDER_BODY: Order = {
  invoice: null,
  id: ORDER,
  truckId: TRUCK,
  publicId: 'p42',
  number: 42,
  businessDate: '2025-05-01',
  status: 'completed',
  type: 'pickup',
  source: 'online',
  customer: { name: 'Huda', phone: '+96555512345' },
  delivery: null,
  itemCount: 5,
  subtotal: 3_750,
  deliveryFee: 0,
  total: 4_000,
  money: { subtotal: 3_750, discount: 0, promotionCode: null, deliveryFee: 0, deliveryFeeTax: 0, tax: 0, taxRateBp: 0, pricesIncludeTax: false, tip: 250, netSales: 3_750, total: 4_000 },
  refundedMinor: 0,
  currency: 'KWD',
  paymentMethod: 'cash',
  paymentStatus: 'paid',
  requestedTime: null,
  estimatedReadyAt: at,
  acceptBy: at,
  acknowledgedAt: at,
  createdAt: at,
  updatedAt: at,
  version: 4,
  lines: [{ itemId: '00000000-0000-4000-8000-000000000900', nameEn: 'Fries', nameAr: 'بطاطا', unitPrice: 750, qty: 5, options: [], note: '', total: 3_750, taxCategory: 'standard', discount: 0, tax: 0 }],
  history: [{ version: 0, status: 'pending', action: 'place', reason: null, at, actor: null }],
};

let order: Order;
let refunds: RefundList;
let posted: unknown[];
let refundAnswer: () => Response;

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  order = structuredClone(ORDER_BODY);
  refunds = { refunds: [], refundedMinor: 0 };
  posted = [];
  refundAnswer = () => json({ error: { code: 'internal', message: '' } }, 500);
  installMatchMedia(1366);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  stubRelativeRequests();
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const base = `/api/v1/trucks/${TRUCK}/orders/${ORDER}`;
    if (path === `${base}/refunds` && request.method === 'POST') {
      posted.push(await request.json());
      return refundAnswer();
    }
    if (path === `${base}/refunds`) return json(refunds);
    if (path === base) return json(order);
    return json({ error: { code: 'not_found', message: '' } }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPanel(lang: Lang, desk: OrderDesk = DESK) {
  await initI18n(lang);
  const store = makeStore({ lang_dir: langDirFor(lang) });
  render(
    <Providers store={store} langDir={langDirFor(lang)}>
      <AntdProvider>
        <OrderPanel desk={desk} orderId={ORDER} format={orderFormat(lang, 'Asia/Kuwait')} now={Date.parse(at)} printOnAccept={false} onPrintOnAcceptChange={() => {}} onPrint={() => {}} />
      </AntdProvider>
    </Providers>,
  );
  await screen.findByTestId('order-panel');
}

const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('giving money back', () => {
  it('gives back chosen items with a reason, the amount shown before confirming (English)', async () => {
    refundAnswer = () => json({ refund: {}, refundedMinor: 1_500, order: { id: ORDER, version: 5 } }, 201);
    await renderPanel('en');
    fireEvent.click(screen.getByRole('button', { name: 'Give money back' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('refund-dialog');
    // The whole order by default: everything paid, the tip included.
    expect(spaced(within(dialog).getByTestId('refund-amount').textContent)).toBe('Amount to give back: KWD 4.000');

    fireEvent.click(within(dialog).getByLabelText('Chosen items'));
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('Choose how many of which items to give back.');
    // Part of a unit is no choice; more than is left says how many are.
    fireEvent.change(within(dialog).getByLabelText('Fries (5 left)'), { target: { value: '1.5' } });
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('Choose how many of which items to give back.');
    fireEvent.change(within(dialog).getByLabelText('Fries (5 left)'), { target: { value: '6' } });
    expect(within(dialog).getByText('At most 5 can be given back here.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Fries (5 left)'), { target: { value: '2' } });
    expect(spaced(within(dialog).getByTestId('refund-amount').textContent)).toBe('Amount to give back: KWD 1.500');

    // No reason: nothing is sent, and the field says why.
    const confirm = within(dialog).getByRole('button', { name: /Give back KWD/ });
    await act(async () => fireEvent.click(confirm));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason.');
    expect(posted).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Two were cold' } });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(posted).toEqual([{ kind: 'lines', lines: [{ lineNo: 0, qty: 2 }], reason: 'Two were cold' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks Arabic, counts what was given back before, and shows the server’s refusal in Arabic', async () => {
    order.refundedMinor = 750;
    refunds = {
      refunds: [
        {
          id: '00000000-0000-4000-8000-000000000077',
          orderId: ORDER,
          kind: 'lines',
          amountMinor: 750,
          netSalesMinor: 750,
          taxMinor: 0,
          deliveryFeeMinor: 0,
          tipMinor: 0,
          lines: [{ lineNo: 0, qty: 1, amountMinor: 750, netSalesMinor: 750 }],
          reason: 'Dropped',
          by: null,
          createdAt: at,
        },
      ],
      refundedMinor: 750,
    };
    refundAnswer = () => json({ error: { code: 'refund_above_paid', message: '', fields: [{ path: '', code: 'refund_above_paid' }] } }, 422);
    await renderPanel('ar');
    expect(spaced(screen.getByTestId('order-refunded').textContent)).toMatch(/٠٫٧٥٠/);
    fireEvent.click(screen.getByRole('button', { name: 'استرداد المبلغ' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('refund-dialog');
    // What is left: 4.000 − 0.750.
    expect(within(dialog).getByTestId('refund-amount').textContent).toMatch(/^المبلغ المسترد: .*٣٫٢٥٠/);
    fireEvent.click(within(dialog).getByLabelText('أصناف مختارة'));
    expect(within(dialog).getByLabelText(/بطاطا \(بقي ٤\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('السبب'), { target: { value: 'طلب العميل' } });
    fireEvent.click(within(dialog).getByLabelText('الطلب كاملًا'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^استرداد / })));
    expect((await within(dialog).findByTestId('refund-problem')).textContent).toBe('هذا أكثر من المبلغ المتبقي للاسترداد في هذا الطلب.');
    expect(posted).toEqual([{ kind: 'whole', reason: 'طلب العميل' }]);
  });

  it('is not offered to someone who may not, nor on an order not paid', async () => {
    await renderPanel('en', { ...DESK, mayRefund: false });
    expect(screen.queryByTestId('order-refund')).toBeNull();
    cleanup();
    order.paymentStatus = 'unpaid';
    order.status = 'preparing';
    await renderPanel('en');
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });
});
