/**
 * The customer's side through the real app and a real database: the truck page's HTML (title,
 * description, Open Graph, FoodEstablishment JSON-LD, the page's data, a real 404), the truck's
 * public data, and the customer's order by its public id: its status with an ETag, nothing of any
 * other order, cancelling only while pending (and the dashboard hearing it), idempotent retries.
 */
import type { OrderReceipt, OrderSummary } from '@domain/orders/contracts';
import type { PublicOrder, StorefrontTruck } from '@domain/storefront';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../../testing/accounts';
import { orderCall, orderingTruck, pickupOrder, placeOrder, type OrderingTruck } from '../../../testing/orders';
import { createTestApp } from '../../../testing/test-app';
import { orders } from '../../db/tables/orders';
import { trucks } from '../../db/tables/trucks';

let app: FastifyInstance;
let admin: SignedUp;
let truck: OrderingTruck;
let other: OrderingTruck;

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { publicUrl: 'https://truckdesk.example' } }));
  admin = await signUp(app, { roles: ['Admin'] });
  [truck, other] = await Promise.all([orderingTruck(app, admin), orderingTruck(app, admin)]);
});

async function placed(of: OrderingTruck = truck, headers: Record<string, string> = {}): Promise<OrderReceipt> {
  const res = await placeOrder(app, of.slug, pickupOrder(of), headers);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as OrderReceipt;
}

const statusOf = (slug: string, publicId: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/public/trucks/${slug}/orders/${publicId}`, headers });
const cancel = (slug: string, publicId: string) => app.inject({ method: 'POST', url: `/api/v1/public/trucks/${slug}/orders/${publicId}/cancel` });

describe('the truck page', () => {
  it('fills title, description, Open Graph and a FoodEstablishment with its menu into the HTML', async () => {
    const res = await app.inject({ method: 'GET', url: `/t/${truck.slug}`, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const name = truck.truck.basics.nameEn;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(`<title>${name} · Order online</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`<meta property="og:url" content="https://truckdesk.example/t/${truck.slug}" />`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      hasMenu: { hasMenuSection: { hasMenuItem: unknown[] }[] };
    };
    expect(jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'FoodEstablishment', name, url: `https://truckdesk.example/t/${truck.slug}` });
    expect(jsonLd.hasMenu.hasMenuSection[0]!.hasMenuItem).toContainEqual({
      '@type': 'MenuItem',
      name: 'Chicken shawarma',
      offers: { '@type': 'Offer', price: '1.250', priceCurrency: 'KWD' },
    });
    const data = JSON.parse(/<script type="application\/json" id="storefront-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      truck: StorefrontTruck;
      menu: { categories: { items: { nameEn: string }[] }[] };
      availability: { status: { open: boolean } };
    };
    expect(data.truck.slug).toBe(truck.slug);
    expect(data.menu.categories[0]!.items.map((item) => item.nameEn)).toEqual(['Chicken shawarma', 'Fries']);
    expect(data.availability.status.open).toBe(true);
  });

  it('answers in Arabic, right to left, for an Arabic browser or a chosen language', async () => {
    const byBrowser = await app.inject({ method: 'GET', url: `/t/${truck.slug}`, headers: { 'accept-language': 'ar-KW' } });
    expect(byBrowser.body).toContain('<html lang="ar" dir="rtl">');
    expect(byBrowser.body).toContain('اطلب عبر الإنترنت');
    const byChoice = await app.inject({ method: 'GET', url: `/t/${truck.slug}`, headers: { 'accept-language': 'ar-KW', cookie: 'td_lang=en' } });
    expect(byChoice.body).toContain('<html lang="en" dir="ltr">');
  });

  it('keeps a truck’s text from breaking out of the page', async () => {
    const name = '</script><script>alert(1)</script>';
    await app.database.db.update(trucks).set({ descriptionEn: name }).where(eq(trucks.id, truck.truck.id));
    const html = (await app.inject({ method: 'GET', url: `/t/${truck.slug}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    await app.database.db.update(trucks).set({ descriptionEn: '' }).where(eq(trucks.id, truck.truck.id));
  });

  it('shows a truck’s "$&" and "{{…}}" as typed, not as replacement patterns', async () => {
    await app.database.db.update(trucks).set({ descriptionEn: "Tacos $& $' {{name}}" }).where(eq(trucks.id, truck.truck.id));
    const html = (await app.inject({ method: 'GET', url: `/t/${truck.slug}` })).body;
    expect(html).toContain('<meta name="description" content="Tacos $&#38; $&#39; {{name}}" />');
    expect(html).not.toContain('<!--storefront-head-->');
    await app.database.db.update(trucks).set({ descriptionEn: '' }).where(eq(trucks.id, truck.truck.id));
  });

  it('answers a real 404 page for an unknown slug, in the visitor’s language', async () => {
    const res = await app.inject({ method: 'GET', url: '/t/no-such-truck-here', headers: { 'accept-language': 'ar' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('لم نجد هذه العربة');
    expect((await app.inject({ method: 'GET', url: '/api/v1/public/trucks/no-such-truck-here' })).statusCode).toBe(404);
  });

  it('shows the truck’s public data and nothing private', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/public/trucks/${truck.slug}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StorefrontTruck;
    expect(body).toMatchObject({ slug: truck.slug, currency: 'KWD', timeZone: 'Asia/Kuwait', notTrading: null, takesBookings: true });
    expect(Object.keys(body).sort()).toEqual(
      ['slug', 'nameEn', 'nameAr', 'descriptionEn', 'descriptionAr', 'cuisines', 'phone', 'logoUrl', 'photoUrl', 'currency', 'timeZone', 'spot', 'takesBookings', 'notTrading', 'tax', 'tips'].sort(),
    );
  });
});

describe('the customer’s order, by its public id', () => {
  it('is found by its public id only, never by its id', async () => {
    const receipt = await placed();
    expect(receipt.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(receipt.publicId).not.toBe(receipt.id.replace(/-/g, ''));
    const res = await statusOf(truck.slug, receipt.publicId);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json() as PublicOrder;
    expect(order).toMatchObject({ publicId: receipt.publicId, displayNumber: receipt.displayNumber, status: 'pending', total: 2_800, canCancel: true, reason: null });
    expect(order.steps.map((step) => step.status)).toEqual(['pending']);
    expect(JSON.stringify(order)).not.toContain(receipt.id);
    expect(JSON.stringify(order)).not.toContain('+96555512345');
    expect((await statusOf(truck.slug, receipt.id)).statusCode).toBe(404);
    expect((await statusOf(truck.slug, receipt.id.replace(/-/g, ''))).statusCode).toBe(404);
  });

  it('reaches no other truck’s order and no other order', async () => {
    const mine = await placed();
    const theirs = await placed(other);
    expect((await statusOf(truck.slug, theirs.publicId)).statusCode).toBe(404);
    expect((await cancel(truck.slug, theirs.publicId)).statusCode).toBe(404);
    expect((await statusOf('no-such-truck-here', mine.publicId)).statusCode).toBe(404);
    expect((await statusOf(truck.slug, 'f'.repeat(32))).statusCode).toBe(404);
    expect((await statusOf(other.slug, theirs.publicId)).statusCode).toBe(200);
  });

  it('answers 304 while unchanged, and the new status with the ready time once accepted', async () => {
    const receipt = await placed();
    const first = await statusOf(truck.slug, receipt.publicId);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('private');
    expect((await statusOf(truck.slug, receipt.publicId, { 'if-none-match': etag })).statusCode).toBe(304);

    const accepted = await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${receipt.id}/actions`, { action: 'accept', prepMinutes: 20, version: 0 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await statusOf(truck.slug, receipt.publicId, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const order = after.json() as PublicOrder;
    expect(order).toMatchObject({ status: 'accepted', canCancel: false });
    expect(Date.parse(order.estimatedReadyAt!)).toBeGreaterThan(Date.now() + 19 * 60_000);
    expect(order.steps.map((step) => step.status)).toEqual(['pending', 'accepted']);
    expect(JSON.stringify(order)).not.toContain(truck.owner.user.email);
  });

  it('shows the truck’s reason for a rejection', async () => {
    const receipt = await placed();
    await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${receipt.id}/actions`, { action: 'reject', reason: 'Out of bread', version: 0 });
    expect((await statusOf(truck.slug, receipt.publicId)).json()).toMatchObject({ status: 'rejected', reason: 'Out of bread', canCancel: false });
  });

  it('cancels while pending, and the truck’s dashboard hears it', async () => {
    const receipt = await placed();
    const res = await cancel(truck.slug, receipt.publicId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    const seen = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders/${receipt.id}`);
    expect(seen.json()).toMatchObject({ status: 'cancelled', history: [{ action: 'place' }, { action: 'withdraw', actor: null }] });
    const closed = await orderCall(app, truck.owner, 'GET', `/trucks/${truck.truck.id}/orders?tab=closed`);
    expect((closed.json() as { orders: OrderSummary[] }).orders.map((order) => order.id)).toContain(receipt.id);
  });

  it('refuses to cancel once the truck has answered, changing nothing', async () => {
    const receipt = await placed();
    await orderCall(app, truck.owner, 'POST', `/trucks/${truck.truck.id}/orders/${receipt.id}/actions`, { action: 'accept', prepMinutes: 10, version: 0 });
    const res = await cancel(truck.slug, receipt.publicId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'illegal_transition', details: { status: 'accepted' } } });
    expect(JSON.stringify(res.json())).not.toContain('+96555512345');
    const [row] = await app.database.db.select({ status: orders.status, version: orders.version }).from(orders).where(eq(orders.id, receipt.id));
    expect(row).toEqual({ status: 'accepted', version: 1 });
    // A second tap on cancel after a cancel is refused the same way.
    const again = await placed();
    expect((await cancel(truck.slug, again.publicId)).statusCode).toBe(200);
    expect((await cancel(truck.slug, again.publicId)).statusCode).toBe(409);
  });

  it('makes one order of retries with the same Idempotency-Key, all pointing at one public id', async () => {
    const key = `retry-${Date.now()}`;
    const taps = await Promise.all([1, 2, 3].map(() => placeOrder(app, truck.slug, pickupOrder(truck), { 'idempotency-key': key })));
    const receipts = taps.map((tap) => tap.json() as OrderReceipt);
    expect(new Set(receipts.map((receipt) => receipt.publicId)).size).toBe(1);
    expect(taps.map((tap) => tap.statusCode).sort()).toEqual([200, 200, 201]);
    const rows = await app.database.db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, receipts[0]!.publicId));
    expect(rows).toHaveLength(1);
  });
});
