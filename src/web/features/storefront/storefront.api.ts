/**
 * The truck page's calls: plain fetch, as the page carries no store (RTK Query and its store would
 * cost the phone more than the page itself). Errors come back in the API's one shape and are
 * translated on the page by their codes, never by the server's text.
 */
import type { Availability } from '@domain/availability';
import type { PublicMenu } from '@domain/menu';
import type { CreateOrderInput, OrderReceipt } from '@domain/orders/contracts';
import type { PromotionCheckInput, PromotionPreview } from '@domain/promotions';
import type { PublicOrder } from '@domain/storefront';
import type { Lang } from './i18n';

export interface FieldProblem {
  path: string;
  code: string;
  params?: Record<string, unknown>;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: FieldProblem[] = [],
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

const base = (slug: string) => `/api/v1/public/trucks/${encodeURIComponent(slug)}`;

async function send(url: string, lang: Lang, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { 'accept-language': lang, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  } catch {
    throw new ApiProblem(0, 'network');
  }
  if (response.status >= 400) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; fields?: FieldProblem[]; details?: Record<string, unknown> } } | null;
    throw new ApiProblem(response.status, body?.error?.code ?? 'unknown', body?.error?.fields ?? [], body?.error?.details ?? {});
  }
  return response;
}

export async function fetchAvailability(slug: string, lang: Lang, ask?: { lat: number; lng: number; subtotal: number }): Promise<Availability> {
  const query = ask ? `?lat=${ask.lat}&lng=${ask.lng}&subtotal=${ask.subtotal}` : '';
  return (await send(`${base(slug)}/availability${query}`, lang)).json() as Promise<Availability>;
}

/** Would this code (none: an automatic promotion) apply to the basket now? Uses nothing; the order redeems. */
export async function checkPromotion(slug: string, lang: Lang, body: PromotionCheckInput): Promise<PromotionPreview> {
  return (await send(`${base(slug)}/promotions/check`, lang, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<PromotionPreview>;
}

export async function fetchMenu(slug: string, lang: Lang): Promise<PublicMenu> {
  return (await send(`${base(slug)}/menu`, lang, { cache: 'no-cache' })).json() as Promise<PublicMenu>;
}

/** The same key for the same attempt: a double tap or a retry after a lost answer makes one order. */
export async function placeOrder(slug: string, lang: Lang, body: CreateOrderInput, idempotencyKey: string): Promise<OrderReceipt> {
  const response = await send(`${base(slug)}/orders`, lang, { method: 'POST', body: JSON.stringify(body), headers: { 'idempotency-key': idempotencyKey } });
  return response.json() as Promise<OrderReceipt>;
}

/** The order, or null when it has not changed since `etag`. */
export async function fetchOrder(slug: string, publicId: string, lang: Lang, etag: string | null): Promise<{ order: PublicOrder; etag: string | null } | null> {
  const response = await send(`${base(slug)}/orders/${encodeURIComponent(publicId)}`, lang, { cache: 'no-store', headers: etag ? { 'if-none-match': etag } : {} });
  if (response.status === 304) return null;
  return { order: (await response.json()) as PublicOrder, etag: response.headers.get('etag') };
}

export async function cancelOrder(slug: string, publicId: string, lang: Lang): Promise<PublicOrder> {
  return (await send(`${base(slug)}/orders/${encodeURIComponent(publicId)}/cancel`, lang, { method: 'POST' })).json() as Promise<PublicOrder>;
}

export async function requestBooking(slug: string, lang: Lang, body: unknown, idempotencyKey: string): Promise<void> {
  await send(`${base(slug)}/bookings`, lang, { method: 'POST', body: JSON.stringify(body), headers: { 'idempotency-key': idempotencyKey } });
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context, which a LAN address is not). */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
