/**
 * A truck ready to take orders, for API tests: approved with valid documents, open now (Kuwait time),
 * a delivery zone around its base, a small menu with option groups, and a staff member. Prices are
 * KWD minor units (fils).
 */
import type { MenuItem } from '@domain/menu';
import type { CreateOrderInput, OrderCounts } from '@domain/orders/contracts';
import type { Truck } from '@domain/trucks';
import type { FastifyInstance } from 'fastify';
import { truckMembers } from '../server/db/tables/trucks';
import { anyIp, bearer, signUp, type SignedUp } from './accounts';
import { shiftAroundNow } from './schedules';
import { createTestApp } from './test-app';
import { approvedTruck, call } from './trucks';

export const KUWAIT = 'Asia/Kuwait';
/** The truck's base (testing/trucks.ts LOCATION) and a point inside its 3 km zone. */
export const IN_ZONE = { address: 'Block 3, Street 12, Sharq', lat: 29.385, lng: 47.995 };
export const OUT_OF_ZONE = { address: 'Ahmadi', lat: 29.08, lng: 48.08 };
export const DELIVERY_FEE = 500;
export const DELIVERY_MINIMUM = 2_000;

export interface OrderingTruck {
  owner: SignedUp;
  staff: SignedUp;
  truck: Truck;
  slug: string;
  /** 1.250 KWD; bread required (saj, or pita +0.100), up to two extras (garlic +0.050, cheese +0.200). */
  wrap: MenuItem;
  /** 0.750 KWD, no options. */
  fries: MenuItem;
  option: (name: string) => string;
}

async function expectOk<T>(response: { statusCode: number; body: string; json(): unknown }, what: string): Promise<T> {
  if (response.statusCode >= 300) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

export async function orderingTruck(app: FastifyInstance, admin: SignedUp): Promise<OrderingTruck> {
  const owner = await signUp(app);
  const truck = await approvedTruck(app, owner, admin);
  const around = shiftAroundNow(KUWAIT, 60, 6 * 60);
  await expectOk(await call(app, owner, 'PUT', `/trucks/${truck.id}/hours`, { timeZone: KUWAIT, days: { [around.day]: [around.shift] }, version: 0 }), 'hours');
  await expectOk(
    await call(app, owner, 'POST', `/trucks/${truck.id}/zones`, {
      name: 'Sharq',
      shape: { kind: 'circle', center: { lat: 29.38, lng: 47.99 }, radiusM: 3_000 },
      feeRules: [{ when: 'all', fee: DELIVERY_FEE }],
      minimumOrder: DELIVERY_MINIMUM,
      estimatedMinutes: 30,
    }),
    'zone',
  );
  const category = await expectOk<{ id: string }>(await call(app, owner, 'POST', `/trucks/${truck.id}/menu/categories`, { nameEn: 'Wraps', nameAr: 'لفائف' }), 'category');
  const wrap = await expectOk<MenuItem>(
    await call(app, owner, 'POST', `/trucks/${truck.id}/menu/items`, {
      categoryId: category.id,
      nameEn: 'Chicken shawarma',
      nameAr: 'شاورما دجاج',
      priceMinor: 1_250,
      prepMinutes: 12,
      optionGroups: [
        {
          nameEn: 'Bread',
          nameAr: 'الخبز',
          required: true,
          minSelections: 1,
          maxSelections: 1,
          options: [
            { nameEn: 'Saj', nameAr: 'صاج' },
            { nameEn: 'Pita', nameAr: 'عربي', priceDeltaMinor: 100 },
          ],
        },
        {
          nameEn: 'Extras',
          nameAr: 'إضافات',
          minSelections: 0,
          maxSelections: 2,
          options: [
            { nameEn: 'Garlic', nameAr: 'ثوم', priceDeltaMinor: 50 },
            { nameEn: 'Cheese', nameAr: 'جبنة', priceDeltaMinor: 200 },
            { nameEn: 'Pickles', nameAr: 'مخلل' },
          ],
        },
      ],
    }),
    'wrap',
  );
  const fries = await expectOk<MenuItem>(
    await call(app, owner, 'POST', `/trucks/${truck.id}/menu/items`, { categoryId: category.id, nameEn: 'Fries', nameAr: 'بطاطا', priceMinor: 750 }),
    'fries',
  );
  const staff = await signUp(app);
  await app.database.db.insert(truckMembers).values({ truckId: truck.id, userId: staff.user.id });
  await app.readCache.settle();
  const refreshed = await expectOk<Truck>(await call(app, owner, 'GET', `/trucks/${truck.id}`), 'truck');
  const options = wrap.optionGroups.flatMap((group) => group.options);
  return {
    owner,
    staff,
    truck: refreshed,
    slug: refreshed.slug!,
    wrap,
    fries,
    option: (name) => options.find((option) => option.nameEn === name)!.id,
  };
}

/** The real app on a fresh database, an admin, and a truck ready to take orders: where order tests start. */
export async function orderingTestApp(): Promise<{ app: FastifyInstance; admin: SignedUp; truck: OrderingTruck }> {
  const { app } = await createTestApp();
  const admin = await signUp(app, { roles: ['Admin'] });
  return { app, admin, truck: await orderingTruck(app, admin) };
}

/** A pickup order of one wrap on saj with garlic (1.300) and two fries (1.500): 2.800 KWD. */
export function pickupOrder(truck: OrderingTruck, overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    lines: [
      { itemId: truck.wrap.id, optionIds: [truck.option('Saj'), truck.option('Garlic')], qty: 1, note: 'No tomatoes' },
      { itemId: truck.fries.id, qty: 2 },
    ],
    customer: { name: 'Fatima Al-Sabah', phone: '+96555512345' },
    type: 'pickup',
    paymentMethod: 'cash',
    ...overrides,
  };
}

export function placeOrder(app: FastifyInstance, slug: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/v1/public/trucks/${slug}/orders`, remoteAddress: anyIp(), headers, payload: body as object });
}

/** The id of a freshly placed order, through the public intake. */
export async function placedOrderId(app: FastifyInstance, truck: OrderingTruck, overrides: Partial<CreateOrderInput> = {}): Promise<string> {
  const res = await placeOrder(app, truck.slug, pickupOrder(truck, overrides));
  return (await expectOk<{ id: string }>(res, 'order')).id;
}

/** The dashboard's unfiltered tab counts of a truck, as its owner reads them. */
export async function tabCounts(app: FastifyInstance, of: OrderingTruck): Promise<OrderCounts> {
  return expectOk<OrderCounts>(await orderCall(app, of.owner, 'GET', `/trucks/${of.truck.id}/orders/counts`), 'counts');
}

export function orderCall(app: FastifyInstance, user: SignedUp, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(user.token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
