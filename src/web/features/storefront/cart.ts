/**
 * The basket, kept per truck in local storage so a reload (or a lost signal) keeps it. Lines are
 * priced and checked with the same rule intake uses (priceLine), against the menu the page has.
 */
import { useCallback, useEffect, useState } from 'react';
import { MENU_LIMITS, priceLine, type LineProblem, type PricingItem } from '@domain/menu/line-pricing';
import { addMinor } from '@domain/money/minor';
import type { PublicMenu, PublicMenuItem } from './page-data';

export interface CartLine {
  /** The same item with other options or note is another line. */
  key: string;
  itemId: string;
  optionIds: string[];
  qty: number;
  note: string;
}

const storageKey = (slug: string) => `td_cart:${slug}`;

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line?.key === 'string' &&
    typeof line.itemId === 'string' &&
    Array.isArray(line.optionIds) &&
    line.optionIds.every((id) => typeof id === 'string') &&
    Number.isInteger(line.qty) &&
    typeof line.note === 'string'
  );
}

export function loadCart(slug: string): CartLine[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(slug)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter(isLine) : [];
  } catch {
    return [];
  }
}

function saveCart(slug: string, lines: CartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(storageKey(slug));
    else localStorage.setItem(storageKey(slug), JSON.stringify(lines));
  } catch {
    // Private mode or a full storage: the basket still works until the page closes.
  }
}

export const lineKey = (itemId: string, optionIds: readonly string[], note: string) => `${itemId}|${[...optionIds].sort().join(',')}|${note.trim()}`;

export function useCart(slug: string) {
  const [lines, setLines] = useState<CartLine[]>(() => loadCart(slug));
  useEffect(() => saveCart(slug, lines), [slug, lines]);
  // Another tab of the same truck changed the basket.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey(slug)) setLines(loadCart(slug));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [slug]);

  const add = useCallback((line: Omit<CartLine, 'key'>) => {
    const key = lineKey(line.itemId, line.optionIds, line.note);
    setLines((current) => {
      const same = current.find((existing) => existing.key === key);
      if (!same) return [...current, { ...line, note: line.note.trim(), key }];
      return current.map((existing) => (existing === same ? { ...existing, qty: Math.min(existing.qty + line.qty, MENU_LIMITS.lineQuantity) } : existing));
    });
  }, []);
  const setQty = useCallback((key: string, qty: number) => {
    setLines((current) => (qty < 1 ? current.filter((line) => line.key !== key) : current.map((line) => (line.key === key ? { ...line, qty: Math.min(qty, MENU_LIMITS.lineQuantity) } : line))));
  }, []);
  // Written at once: the page that placed the order goes away in the same render, before an effect would save.
  const clear = useCallback(() => {
    saveCart(slug, []);
    setLines([]);
  }, [slug]);
  const addAll = useCallback((added: readonly Omit<CartLine, 'key'>[]) => added.forEach(add), [add]);
  return { lines, add, addAll, setQty, clear };
}

/** The public menu's item as the pricing rule takes it: "available" now is all the page knows. */
export function pricingItem(item: PublicMenuItem): PricingItem {
  const soldOut = (available: boolean) => (available ? null : 'indefinitely');
  return {
    ...item,
    soldOutUntil: soldOut(item.available),
    optionGroups: item.optionGroups.map((group) => ({ ...group, options: group.options.map((option) => ({ ...option, soldOutUntil: soldOut(option.available) })) })),
  };
}

export function itemsById(menu: PublicMenu | null): Map<string, PublicMenuItem> {
  return new Map((menu?.categories ?? []).flatMap((category) => category.items.map((item) => [item.id, item] as const)));
}

export interface PricedCartLine {
  line: CartLine;
  item: PublicMenuItem | undefined;
  unitPrice: number;
  total: number;
  problems: LineProblem[];
}

export function priceCart(lines: readonly CartLine[], items: Map<string, PublicMenuItem>): { lines: PricedCartLine[]; subtotal: number; orderable: boolean } {
  const priced = lines.map((line): PricedCartLine => {
    const item = items.get(line.itemId);
    if (!item) return { line, item, unitPrice: 0, total: 0, problems: [{ code: 'item_unavailable', itemId: line.itemId }] };
    const result = priceLine(pricingItem(item), line.optionIds, line.qty);
    return result.ok ? { line, item, unitPrice: result.unitPrice, total: result.total, problems: [] } : { line, item, unitPrice: 0, total: 0, problems: result.problems };
  });
  return {
    lines: priced,
    subtotal: addMinor(...priced.map((line) => line.total)),
    orderable: priced.length > 0 && priced.every((line) => line.problems.length === 0),
  };
}

/** An order the customer placed at this truck from this device (no account needed): what "order again" refills. */
export interface PastOrder {
  placedAt: string;
  lines: Omit<CartLine, 'key'>[];
}

/** The last orders kept per truck: enough to find "the usual", little enough to stay private. */
export const PAST_ORDERS_KEPT = 3;

const pastKey = (slug: string) => `td_past_orders:${slug}`;

export function loadPastOrders(slug: string): PastOrder[] {
  try {
    const stored = JSON.parse(localStorage.getItem(pastKey(slug)) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored
      .filter((past): past is PastOrder => typeof (past as PastOrder)?.placedAt === 'string' && Array.isArray((past as PastOrder).lines))
      .map((past) => ({ placedAt: past.placedAt, lines: past.lines.filter((line) => isLine({ ...line, key: '' })) }))
      .filter((past) => past.lines.length > 0);
  } catch {
    return [];
  }
}

/** Keeps a placed order's lines, newest first. */
export function rememberOrder(slug: string, lines: readonly CartLine[], placedAt = new Date().toISOString()): void {
  const kept: PastOrder = { placedAt, lines: lines.map(({ itemId, optionIds, qty, note }) => ({ itemId, optionIds, qty, note })) };
  try {
    localStorage.setItem(pastKey(slug), JSON.stringify([kept, ...loadPastOrders(slug)].slice(0, PAST_ORDERS_KEPT)));
  } catch {
    // Private mode or a full storage: nothing to order again next time, the order itself is placed.
  }
}

/**
 * What of a past order can be ordered now: the lines the menu still prices (the item and its
 * options available, the choices still valid, by the intake's rule); `left` counts the lines left out.
 */
export function orderAgainLines(past: PastOrder, items: Map<string, PublicMenuItem>): { lines: Omit<CartLine, 'key'>[]; left: number } {
  const lines = past.lines.filter((line) => {
    const item = items.get(line.itemId);
    return item !== undefined && priceLine(pricingItem(item), line.optionIds, line.qty).ok;
  });
  return { lines, left: past.lines.length - lines.length };
}
