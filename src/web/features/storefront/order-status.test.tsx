/** The customer's order page: once a Saudi truck's order is completed and paid, it is a simplified tax invoice with ZATCA's QR. */
import { decodeZatcaQr, zatcaQrOf } from '@domain/invoices';
import type { PublicOrder } from '@domain/storefront';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translator, WordingContext, type Lang } from './i18n';
import { OrderStatusView } from './order-status';
import type { PageData } from './page-data';

const TRUCK = {
  slug: 'saj-riyadh',
  nameEn: 'Saj Riyadh',
  nameAr: 'صاج الرياض',
  descriptionEn: '',
  descriptionAr: '',
  cuisines: [],
  phone: null,
  logoUrl: null,
  photoUrl: null,
  currency: 'SAR',
  timeZone: 'Asia/Riyadh',
  spot: null,
  takesBookings: false,
  notTrading: null,
  tax: { mode: 'rate', rateBasisPoints: 1500, pricesIncludeTax: true, deliveryFeeTaxed: true },
  tips: { enabled: false, presetsBp: [], capBp: 0 },
} as const;
const DATA = { truck: TRUCK, menu: null, availability: null, week: null } as unknown as PageData;

const ISSUED = '2026-03-01T15:05:00.000Z';
const QR = zatcaQrOf({ sellerName: 'صاج الرياض', vatNumber: '310122393500003', issuedAt: new Date(ISSUED), totalMinor: 2_300, vatMinor: 300, currency: 'SAR' });

const ORDER: PublicOrder = {
  publicId: 'a'.repeat(32),
  displayNumber: '#012',
  status: 'completed',
  type: 'pickup',
  lines: [{ itemId: '00000000-0000-4000-8000-000000000009', nameEn: 'Chicken saj', nameAr: 'صاج دجاج', unitPrice: 1_150, qty: 2, options: [], note: '', total: 2_300, taxCategory: 'standard', discount: 0, tax: 300 }],
  subtotal: 2_300,
  deliveryFee: 0,
  total: 2_300,
  money: { subtotal: 2_300, discount: 0, promotionCode: null, deliveryFee: 0, deliveryFeeTax: 0, tax: 300, taxRateBp: 1500, pricesIncludeTax: true, tip: 0, netSales: 2_000, total: 2_300 },
  currency: 'SAR',
  deliveryAddress: null,
  paymentMethod: 'cash',
  estimatedReadyAt: null,
  reason: null,
  placedAt: '2026-03-01T14:50:00.000Z',
  steps: [{ status: 'pending', at: '2026-03-01T14:50:00.000Z' }, { status: 'completed', at: ISSUED }],
  canCancel: false,
  version: 4,
  invoiceNumber: 12,
  invoicedAt: ISSUED,
  taxRegistrationNumber: '310122393500003',
  zatcaQr: QR,
};

function show(order: PublicOrder, lang: Lang) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(order), { status: 200, headers: { 'content-type': 'application/json', etag: 'W/"v4"' } }));
  render(
    <WordingContext.Provider value={{ lang, t: translator(lang), setLang: () => undefined }}>
      <OrderStatusView data={DATA} publicId={order.publicId} navigate={() => undefined} />
    </WordingContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the customer's order page as a tax invoice", () => {
  it('shows the simplified tax invoice with the seller, VAT number, time, VAT, total and the QR', async () => {
    show(ORDER, 'en');
    const invoice = await screen.findByTestId('tax-invoice');
    expect(invoice.textContent).toContain('Simplified tax invoice');
    expect(screen.getByTestId('invoice-number').textContent).toBe('Invoice no.12');
    expect(screen.getByTestId('invoice-seller').textContent).toBe('SellerSaj Riyadh');
    expect(screen.getByTestId('invoice-vat-number').textContent).toBe('VAT number310122393500003');
    expect(screen.getByTestId('invoice-issued-at').textContent).toMatch(/Mar 1, 2026.*6:05/);
    expect(screen.getByTestId('invoice-vat').textContent).toMatch(/^VAT.*3\.00/);
    expect(screen.getByTestId('invoice-total').textContent).toMatch(/^Total with VAT.*23\.00/);
    const qr = screen.getByTestId('invoice-qr');
    expect(decodeZatcaQr(qr.getAttribute('data-payload')!)).toEqual({ sellerName: 'صاج الرياض', vatNumber: '310122393500003', timestamp: '2026-03-01T15:05:00Z', total: '23.00', vatAmount: '3.00' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
  });

  it('in Arabic', async () => {
    show(ORDER, 'ar');
    const invoice = await screen.findByTestId('tax-invoice');
    expect(invoice.textContent).toContain('فاتورة ضريبية مبسطة');
    expect(screen.getByTestId('invoice-number').textContent).toBe('رقم الفاتورة١٢');
    expect(screen.getByTestId('invoice-seller').textContent).toBe('البائعصاج الرياض');
    expect(screen.getByTestId('invoice-total').textContent).toContain('٢٣٫٠٠');
  });

  it('no invoice before the order is completed, nor for a truck with no VAT number', async () => {
    show({ ...ORDER, status: 'ready', invoiceNumber: null, invoicedAt: null, taxRegistrationNumber: null, zatcaQr: null }, 'en');
    await screen.findByTestId('order-status');
    expect(screen.queryByTestId('tax-invoice')).toBeNull();
    cleanup();
    show({ ...ORDER, taxRegistrationNumber: null, zatcaQr: null }, 'en');
    await screen.findByTestId('order-status');
    expect(screen.queryByTestId('tax-invoice')).toBeNull();
  });
});
