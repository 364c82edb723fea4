import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateOrderSchema, matchesOrderFilters, mostPressing, OrderExportQuerySchema, OrderListQuerySchema, orderSearch } from './contracts';
import { issuesToFields } from '../validation';
import enErrors from '../i18n/en/errors.json';
import enFields from '../i18n/en/fields.json';

const english = { lang: 'en' as const, errors: enErrors, fields: enFields };

const ITEM = '7b0c8f1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';
const order = (overrides: Record<string, unknown> = {}) => ({
  lines: [{ itemId: ITEM, qty: 2 }],
  customer: { name: ' Huda ', phone: '+965 5551 2345' },
  type: 'pickup',
  paymentMethod: 'card',
  ...overrides,
});

const fields = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : issuesToFields(result.error.issues, english).map(({ path, code }) => ({ path, code }));
};

describe('CreateOrderSchema', () => {
  it('fills the defaults: no options, no note, as soon as possible; trims and normalizes', () => {
    expect(CreateOrderSchema.parse(order())).toEqual({
      lines: [{ itemId: ITEM, optionIds: [], qty: 2, note: '' }],
      customer: { name: 'Huda', phone: '+96555512345' },
      type: 'pickup',
      paymentMethod: 'card',
      requestedTime: null,
      tip: null,
    });
  });

  it('takes no prices or other unknown fields, on the order or its lines', () => {
    expect(fields(CreateOrderSchema, order({ total: 1, lines: [{ itemId: ITEM, qty: 1, price: 1 }] }))).toEqual([
      { path: 'lines.0', code: 'unrecognized_keys' },
      { path: '', code: 'unrecognized_keys' },
    ]);
  });

  it('needs an address for delivery', () => {
    expect(fields(CreateOrderSchema, order({ type: 'delivery' }))).toEqual([{ path: 'delivery', code: 'required' }]);
    expect(fields(CreateOrderSchema, order({ type: 'delivery', delivery: { address: 'Block 1', lat: 29.3, lng: 47.9 } }))).toEqual([]);
  });

  it('bounds quantities and lines', () => {
    expect(fields(CreateOrderSchema, order({ lines: [{ itemId: ITEM, qty: 100 }] }))).toEqual([{ path: 'lines.0.qty', code: 'too_big_number' }]);
    expect(fields(CreateOrderSchema, order({ lines: Array(51).fill({ itemId: ITEM, qty: 1 }) }))).toEqual([{ path: 'lines', code: 'too_big_array' }]);
  });
});

describe('mostPressing', () => {
  it('names the truck’s problems before the basket’s', () => {
    expect(mostPressing(['below_minimum', 'item_unavailable'])).toBe('item_unavailable');
    expect(mostPressing(['item_unavailable', 'truck_opens_at'])).toBe('truck_opens_at');
    expect(mostPressing(['truck_paused', 'document_expired'])).toBe('truck_not_trading');
    expect(mostPressing(['something_new'])).toBe('order_refused');
  });
});

describe('orderSearch', () => {
  it.each([
    ['42', { kind: 'number', number: 42 }],
    ['#042', { kind: 'number', number: 42 }],
    [' #7 ', { kind: 'number', number: 7 }],
    ['0042', { kind: 'number', number: 42 }],
    ['5551 2345', { kind: 'phone', digits: '55512345' }],
    ['+965 555', { kind: 'phone', digits: '965555' }],
    ['Omar', { kind: 'name', text: 'Omar' }],
    ['#', { kind: 'name', text: '#' }],
  ])('reads %j', (text, search) => {
    expect(orderSearch(text)).toEqual(search);
  });
});

describe('matchesOrderFilters', () => {
  const order = { businessDate: '2025-05-01', number: 42, customer: { name: 'Omar Haddad', phone: '+96555512345' } };

  it('keeps the dates inclusive and searches like the server', () => {
    expect(matchesOrderFilters(order, {})).toBe(true);
    expect(matchesOrderFilters(order, { from: '2025-05-01', to: '2025-05-01' })).toBe(true);
    expect(matchesOrderFilters(order, { from: '2025-05-02' })).toBe(false);
    expect(matchesOrderFilters(order, { to: '2025-04-30' })).toBe(false);
    expect(matchesOrderFilters(order, { q: '#042' })).toBe(true);
    expect(matchesOrderFilters(order, { q: '43' })).toBe(false);
    expect(matchesOrderFilters(order, { q: '5551 2345' })).toBe(true);
    expect(matchesOrderFilters(order, { q: 'HADDAD' })).toBe(true);
    expect(matchesOrderFilters(order, { q: 'Layla' })).toBe(false);
  });
});

describe('list and export queries', () => {
  it('default to the pending tab, 30 a page', () => {
    expect(OrderListQuerySchema.parse({})).toEqual({ tab: 'pending', limit: 30 });
  });

  it('refuse a reversed range and an export over a year', () => {
    expect(fields(OrderListQuerySchema, { from: '2025-05-02', to: '2025-05-01' })).toEqual([{ path: 'to', code: 'range_reversed' }]);
    expect(fields(OrderExportQuerySchema, { from: '2024-01-01', to: '2024-12-31' })).toEqual([]);
    expect(fields(OrderExportQuerySchema, { from: '2024-01-01', to: '2025-01-01' })).toEqual([{ path: 'to', code: 'range_too_long' }]);
  });
});
