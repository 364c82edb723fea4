import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicMenuItem } from '@domain/menu';
import { loadPastOrders, orderAgainLines, PAST_ORDERS_KEPT, rememberOrder, type CartLine } from './cart';
import { pageFormat } from './format';
import { translator, WordingContext, type Lang } from './i18n';
import { OrderAgain } from './order-again';

const SLUG = 'again-truck';

function menuItem(id: string, nameEn: string, nameAr: string, available = true): PublicMenuItem {
  return { id, nameEn, nameAr, descriptionEn: '', descriptionAr: '', priceMinor: 1500, price: '1.500', taxCategory: 'standard', photoUrl: null, prepMinutes: null, calories: null, tags: [], available, optionGroups: [] };
}

const line = (itemId: string, qty: number): CartLine => ({ key: `${itemId}||`, itemId, optionIds: [], qty, note: '' });
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] as const;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('order again, from what this device remembers of the orders placed here', () => {
  it('keeps the last orders per truck, newest first, and no more than it says', () => {
    for (let n = 1; n <= PAST_ORDERS_KEPT + 2; n++) rememberOrder(SLUG, [line(ids[0], n)], `2026-12-0${n}T10:00:00Z`);
    const past = loadPastOrders(SLUG);
    expect(past).toHaveLength(PAST_ORDERS_KEPT);
    expect(past.map((order) => order.lines[0]!.qty)).toEqual([5, 4, 3]);
    expect(loadPastOrders('another-truck')).toEqual([]);
  });

  it('reads a damaged store as nothing remembered', () => {
    localStorage.setItem(`td_past_orders:${SLUG}`, '{not json');
    expect(loadPastOrders(SLUG)).toEqual([]);
    localStorage.setItem(`td_past_orders:${SLUG}`, JSON.stringify([{ placedAt: 'x', lines: [{ itemId: 1 }] }, 'junk']));
    expect(loadPastOrders(SLUG)).toEqual([]);
  });

  it('refills only what the menu still sells, and counts what it left out', () => {
    const items = new Map([
      [ids[0], menuItem(ids[0], 'Shawarma', 'شاورما')],
      [ids[1], menuItem(ids[1], 'Tea', 'شاي', false)],
    ]);
    const { lines, left } = orderAgainLines({ placedAt: '2026-12-01T10:00:00Z', lines: [line(ids[0], 2), line(ids[1], 1), line(ids[2], 1)] }, items);
    expect(lines.map((kept) => [kept.itemId, kept.qty])).toEqual([[ids[0], 2]]);
    expect(left).toBe(2);
  });

  it.each(['en', 'ar'] as const)('shows the last order and puts it back in the basket (%s)', (lang: Lang) => {
    rememberOrder(SLUG, [line(ids[0], 2), line(ids[1], 1)], '2026-12-01T10:00:00Z');
    const items = new Map([
      [ids[0], menuItem(ids[0], 'Shawarma', 'شاورما')],
      [ids[1], menuItem(ids[1], 'Tea', 'شاي', false)],
    ]);
    const t = translator(lang);
    const refilled: Omit<CartLine, 'key'>[][] = [];
    render(
      <WordingContext.Provider value={{ lang, t, setLang: () => undefined }}>
        <OrderAgain slug={SLUG} items={items} format={pageFormat(lang, 'KWD', 'Asia/Kuwait')} onRefill={(lines) => refilled.push([...lines])} />
      </WordingContext.Provider>,
    );
    expect(screen.getByRole('heading').textContent).toBe(t('again.title'));
    expect(screen.getByTestId('order-again').textContent).toContain(lang === 'en' ? '2× Shawarma, 1× Tea' : '٢× شاورما، ١× شاي');
    fireEvent.click(screen.getByTestId('order-again-button'));
    expect(refilled).toEqual([[{ itemId: ids[0], optionIds: [], qty: 2, note: '' }]]);
    expect(screen.getByTestId('order-again-notice').textContent).toBe(t('again.left', { count: 1 }));
  });

  it('says so when nothing of the last order is sold now, and refills nothing', () => {
    rememberOrder(SLUG, [line(ids[1], 1)]);
    const t = translator('en');
    const refilled: unknown[] = [];
    render(
      <WordingContext.Provider value={{ lang: 'en', t, setLang: () => undefined }}>
        <OrderAgain slug={SLUG} items={new Map([[ids[1], menuItem(ids[1], 'Tea', 'شاي', false)]])} format={pageFormat('en', 'KWD', 'Asia/Kuwait')} onRefill={(lines) => refilled.push(lines)} />
      </WordingContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('order-again-button'));
    expect(refilled).toEqual([]);
    expect(screen.getByTestId('order-again-notice').textContent).toBe(t('again.noneLeft'));
  });

  it('shows nothing to a customer who has not ordered here from this device', () => {
    const { container } = render(<OrderAgain slug={SLUG} items={new Map()} format={pageFormat('en', 'KWD', 'Asia/Kuwait')} onRefill={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
