/** The two printouts: the kitchen ticket shows what to make and no prices; the receipt adds the money; both in the interface language. */
import type { Order } from '@domain/orders/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { readSourceFile } from '../../app/test-files';
import { orderFormat } from './order-format';
import { OrderTicket } from './order-ticket';

const ORDER: Order = {
  invoice: null,
  id: '00000000-0000-4000-8000-000000000001',
  truckId: '11111111-1111-4111-8111-111111111111',
  publicId: 'a1b2c3',
  number: 42,
  businessDate: '2025-05-01',
  status: 'accepted',
  type: 'delivery',
  source: 'online',
  customer: { name: 'Huda', phone: '+96555512345' },
  delivery: { address: 'Block 2, Street 10, Sharq', lat: 29.38, lng: 47.99, zoneName: 'Kuwait City' },
  itemCount: 3,
  subtotal: 3_250,
  deliveryFee: 750,
  total: 4_000,
  refundedMinor: 0,
  money: { subtotal: 3_250, discount: 0, promotionCode: null, deliveryFee: 750, deliveryFeeTax: 0, tax: 0, taxRateBp: 0, pricesIncludeTax: false, tip: 0, netSales: 3_250, total: 4_000 },
  currency: 'KWD',
  paymentMethod: 'card',
  paymentStatus: 'unpaid',
  requestedTime: null,
  estimatedReadyAt: '2025-05-01T10:20:00.000Z',
  acceptBy: '2025-05-01T10:10:00.000Z',
  acknowledgedAt: '2025-05-01T10:01:00.000Z',
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:01:00.000Z',
  version: 1,
  lines: [
    {
      itemId: '00000000-0000-4000-8000-000000000009',
      nameEn: 'Chicken shawarma',
      nameAr: 'شاورما دجاج',
      unitPrice: 1_250,
      qty: 2,
      options: [{ groupId: '00000000-0000-4000-8000-000000000010', groupNameEn: 'Bread', groupNameAr: 'الخبز', optionId: '00000000-0000-4000-8000-000000000011', nameEn: 'Saj', nameAr: 'صاج', priceDeltaMinor: 0 }],
      note: 'No pickles',
      total: 2_500,
      taxCategory: 'standard',
      discount: 0,
      tax: 0,
    },
    { itemId: '00000000-0000-4000-8000-000000000012', nameEn: 'Fries', nameAr: 'بطاطا', unitPrice: 750, qty: 1, options: [], note: '', total: 750, taxCategory: 'standard', discount: 0, tax: 0 },
  ],
  history: [],
};

afterEach(cleanup);

describe('the printouts', () => {
  it('the kitchen ticket: number, items, options and notes, in large type, without a price', async () => {
    await initI18n('en');
    render(<OrderTicket kind="kitchen" order={ORDER} truckName="Saj Station" format={orderFormat('en', 'Asia/Kuwait')} printedAt="13:05" />);
    const ticket = screen.getByTestId('ticket-kitchen');
    expect(ticket.textContent).toContain('#042');
    expect(ticket.textContent).toContain('2 × Chicken shawarma');
    expect(ticket.textContent).toContain('+ Saj');
    expect(ticket.textContent).toContain('» No pickles');
    expect(ticket.textContent).toContain('Deliver to: \u2068Block 2, Street 10, Sharq\u2069');
    expect(screen.getByTestId('ticket-date').textContent).toContain('2025');
    expect(ticket.textContent).not.toMatch(/KWD|1\.250|4\.000/);
  });

  it('the receipt, in Arabic: prices, the delivery fee and the total', async () => {
    await initI18n('ar');
    render(<OrderTicket kind="receipt" order={ORDER} truckName="محطة الصاج" format={orderFormat('ar', 'Asia/Kuwait')} printedAt="١٣:٠٥" />);
    const ticket = screen.getByTestId('ticket-receipt');
    expect(ticket.getAttribute('dir')).toBe('rtl');
    expect(ticket.textContent).toContain('محطة الصاج');
    expect(ticket.textContent).toContain('٢ × شاورما دجاج');
    expect(ticket.textContent).toContain('٤٫٠٠٠');
    expect(ticket.textContent).toContain('رسوم التوصيل');
    expect(ticket.textContent).toContain('الإجمالي');
    // Dated, in the truck's zone and Arabic-Indic digits: a receipt is kept past its day.
    expect(screen.getByTestId('ticket-date').textContent).toContain('٢٠٢٥');
    // The comma of a Latin address stays in place inside the Arabic line.
    expect(ticket.textContent).toContain('\u2068Block 2, Street 10, Sharq\u2069');
  });

  it('print on 80 mm paper, and nothing else of the page', async () => {
    const css = await readSourceFile('./orders.css', import.meta.url);
    expect(css).toMatch(/@media print[\s\S]*size: 80mm auto/);
    expect(css).toMatch(/body > :not\(\.td-print-root\)[\s\S]*display: none/);
    expect(css).toMatch(/\.td-ticket \{[\s\S]*inline-size: 72mm/);
    // Arabic letters join only in a proportional face.
    expect(css).toMatch(/\.td-ticket:lang\(ar\) \{\s*font-family: 'Cairo'/);
  });
});
