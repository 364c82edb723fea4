/**
 * The menu through the real app and a real database: CRUD, ordering (also under concurrent edits),
 * option-group rules, currency exponents, the staff's limits, other trucks, bad input, the
 * availability switch, the cached public menu (with a second app on the same database standing in
 * for a second server process), and pricing for order intake.
 */
import { endOfLocalDay, priceLine, type Menu, type MenuCategory, type MenuItem, type PublicMenu } from '@domain/menu';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { menuItemsOf } from '../../db/queries/menu';
import { menuItems } from '../../db/tables/menu';
import { truckMembers, truckUploads, trucks } from '../../db/tables/trucks';
import { bearer, signUp, type SignedUp } from '../../../testing/accounts';
import { approvedTruck, demoImage, uploadFile } from '../../../testing/trucks';
import { createTestApp } from '../../../testing/test-app';
import { createPublicMenuCache } from '../../db/queries/public-menu';

let app: FastifyInstance;
let owner: SignedUp;
let staff: SignedUp;
let stranger: SignedUp;
let admin: SignedUp;
let truckId: string;
let slug: string;
let otherTruckId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(user: SignedUp | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user.token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const menuUrl = (path = '', truck = truckId) => `/trucks/${truck}/menu${path}`;

async function expectStatus(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
}

async function menuOf(user: SignedUp = owner, truck = truckId): Promise<Menu> {
  const res = await call(user, 'GET', menuUrl('', truck));
  await expectStatus(res, 200);
  return res.json() as Menu;
}

async function addCategory(nameEn: string, nameAr = '', user = owner, truck = truckId): Promise<MenuCategory> {
  const res = await call(user, 'POST', menuUrl('/categories', truck), { nameEn, nameAr });
  await expectStatus(res, 201);
  return res.json() as MenuCategory;
}

const sauces = {
  nameEn: 'Sauce',
  nameAr: 'الصلصة',
  required: true,
  minSelections: 1,
  maxSelections: 2,
  options: [
    { nameEn: 'Garlic', nameAr: 'ثوم', priceDeltaMinor: 0 },
    { nameEn: 'Spicy', nameAr: 'حار', priceDeltaMinor: 100 },
  ],
};

async function addItem(categoryId: string, over: Record<string, unknown> = {}, user = owner, truck = truckId): Promise<MenuItem> {
  const res = await call(user, 'POST', menuUrl('/items', truck), { categoryId, nameEn: 'Chicken shawarma', nameAr: 'شاورما دجاج', priceMinor: 1250, ...over });
  await expectStatus(res, 201);
  return res.json() as MenuItem;
}

async function publicMenu(headers: Record<string, string> = {}, target = app) {
  return target.inject({ method: 'GET', url: `/api/v1/public/trucks/${slug}/menu`, headers });
}

const fieldsOf = (res: { json(): unknown }) =>
  ((res.json() as { error: { fields?: { path: string; code: string }[] } }).error.fields ?? []).map((f) => `${f.path}:${f.code}`);
const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

beforeAll(async () => {
  ({ app } = await createTestApp());
  [owner, staff, stranger, admin] = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app, { roles: ['Admin'] })]);
  const truck = await approvedTruck(app, owner, admin);
  truckId = truck.id;
  slug = truck.slug!;
  otherTruckId = (await approvedTruck(app, stranger, admin)).id;
  await app.database.db.insert(truckMembers).values({ truckId, userId: staff.user.id });
  await app.readCache.settle();
});

describe('categories', () => {
  it('are created at the end, renamed, and need a name in at least one language', async () => {
    const before = await menuOf();
    const wraps = await addCategory('Wraps', 'لفائف');
    const drinks = await addCategory('', 'مشروبات');
    expect(drinks.position).toBe(wraps.position + 1);

    const renamed = await call(owner, 'PUT', menuUrl(`/categories/${drinks.id}`), { nameEn: 'Drinks', nameAr: 'مشروبات' });
    await expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ id: drinks.id, nameEn: 'Drinks' });

    const nameless = await call(owner, 'POST', menuUrl('/categories'), { nameEn: ' ', nameAr: '' }, { 'accept-language': 'ar' });
    await expectStatus(nameless, 400);
    expect(fieldsOf(nameless)).toEqual(['nameEn:name_required']);
    expect((nameless.json() as { error: { fields: { message: string }[] } }).error.fields[0]?.message).toBe('أدخل اسمًا بالإنجليزية أو بالعربية (أو بكلتيهما).');

    const after = await menuOf();
    expect(after.relation).toBe('owner');
    expect(after.categories.slice(-2).map((c) => c.nameEn)).toEqual(['Wraps', 'Drinks']);
    expect(after.version).toBe(before.version + 3);
  });

  it('are reordered by their complete new order, atomically', async () => {
    const ids = (await menuOf()).categories.map((c) => c.id);
    const reversed = [...ids].reverse();
    await expectStatus(await call(owner, 'PUT', menuUrl('/categories/order'), { ids: reversed }), 204);
    expect((await menuOf()).categories.map((c) => c.id)).toEqual(reversed);

    // An order made before a category was added no longer covers the menu: refused, nothing moves.
    const added = await addCategory('Late addition');
    const stale = await call(owner, 'PUT', menuUrl('/categories/order'), { ids });
    await expectStatus(stale, 409);
    expect(codeOf(stale)).toBe('menu_changed');
    expect((await menuOf()).categories.map((c) => c.id)).toEqual([...reversed, added.id]);

    const unknown = await call(owner, 'PUT', menuUrl('/categories/order'), { ids: [...reversed, added.id, crypto.randomUUID()] });
    await expectStatus(unknown, 404);
    expect(codeOf(unknown)).toBe('category_not_found');
  });

  it('take turns under concurrent reorders: every answer is a whole order, none a mix', async () => {
    const ids = (await menuOf()).categories.map((c) => c.id);
    const orders = Array.from({ length: 8 }, (_, n) => [...ids.slice(n % ids.length), ...ids.slice(0, n % ids.length)]);
    const results = await Promise.all(orders.map((order) => call(owner, 'PUT', menuUrl('/categories/order'), { ids: order })));
    expect(results.map((r) => r.statusCode)).toEqual(orders.map(() => 204));
    const final = (await menuOf()).categories;
    expect(orders.map((o) => o.join())).toContain(final.map((c) => c.id).join());
    expect(final.map((c) => c.position)).toEqual(final.map((_, index) => index));
  });
});

describe('items', () => {
  let category: MenuCategory;

  beforeAll(async () => {
    category = await addCategory('Shawarma', 'شاورما');
  });

  it('are created with option groups and the price in minor units, and read back whole', async () => {
    const item = await addItem(category.id, {
      descriptionEn: 'Garlic sauce, pickles, fries inside.',
      prepMinutes: 8,
      calories: 650,
      tags: ['halal', 'spicy'],
      optionGroups: [sauces],
    });
    expect(item).toMatchObject({ categoryId: category.id, priceMinor: 1250, tags: ['halal', 'spicy'], soldOutUntil: null, photoUrl: null, position: 0 });
    expect(item.optionGroups).toEqual([
      expect.objectContaining({ nameEn: 'Sauce', required: true, minSelections: 1, maxSelections: 2, options: [expect.objectContaining({ nameEn: 'Garlic' }), expect.objectContaining({ nameEn: 'Spicy', priceDeltaMinor: 100 })] }),
    ]);
    expect((await menuOf()).items.find((i) => i.id === item.id)).toEqual(item);
    expect((await addItem(category.id, { nameEn: '', nameAr: 'فلافل' })).position).toBe(1);
  });

  it('keep their options’ identity and sold-out state through an edit; dropped options go', async () => {
    const item = await addItem(category.id, { optionGroups: [sauces] });
    const [garlic, spicy] = item.optionGroups[0]!.options;
    await expectStatus(await call(staff, 'POST', menuUrl('/availability'), { state: 'sold_out', optionIds: [spicy!.id] }), 200);

    const edited = await call(owner, 'PUT', menuUrl(`/items/${item.id}`), {
      categoryId: category.id,
      nameEn: 'Beef shawarma',
      nameAr: 'شاورما لحم',
      priceMinor: 1500,
      optionGroups: [
        { ...sauces, id: item.optionGroups[0]!.id, maxSelections: 1, options: [{ id: spicy!.id, nameEn: 'Hot', nameAr: 'حار', priceDeltaMinor: 150 }, { nameEn: 'Tahini', nameAr: 'طحينة' }] },
      ],
    });
    await expectStatus(edited, 200);
    const after = edited.json() as MenuItem;
    expect(after).toMatchObject({ nameEn: 'Beef shawarma', priceMinor: 1500 });
    expect(after.optionGroups[0]!.id).toBe(item.optionGroups[0]!.id);
    expect(after.optionGroups[0]!.options.map((o) => [o.id === spicy!.id, o.nameEn, o.priceDeltaMinor, o.soldOutUntil])).toEqual([
      [true, 'Hot', 150, 'indefinitely'],
      [false, 'Tahini', 0, null],
    ]);
    expect(after.optionGroups[0]!.options.some((o) => o.id === garlic!.id)).toBe(false);
  });

  it('move to the end of another category when their category changes', async () => {
    const sides = await addCategory('Sides', 'أطباق جانبية');
    await addItem(sides.id, { nameEn: 'Fries' });
    const item = await addItem(category.id, { nameEn: 'Hummus' });
    const moved = await call(owner, 'PUT', menuUrl(`/items/${item.id}`), { categoryId: sides.id, nameEn: 'Hummus', priceMinor: 750 });
    await expectStatus(moved, 200);
    expect(moved.json()).toMatchObject({ categoryId: sides.id, position: 1 });
  });

  it('are deleted softly: gone from the menu, the row kept for past orders', async () => {
    const item = await addItem(category.id, { nameEn: 'To delete' });
    await expectStatus(await call(owner, 'DELETE', menuUrl(`/items/${item.id}`)), 204);
    expect((await menuOf()).items.some((i) => i.id === item.id)).toBe(false);
    const [row] = await app.database.db.select().from(menuItems).where(and(eq(menuItems.truckId, truckId), eq(menuItems.id, item.id)));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.nameEn).toBe('To delete');
    await expectStatus(await call(owner, 'DELETE', menuUrl(`/items/${item.id}`)), 404);
    await expectStatus(await call(owner, 'PUT', menuUrl(`/items/${item.id}`), { categoryId: category.id, nameEn: 'Back', priceMinor: 1 }), 404);
  });

  it('are reordered within a category and dragged into another one', async () => {
    const grill = await addCategory('Grill');
    const burgers = await addCategory('Burgers');
    const [a, b, c] = [await addItem(grill.id, { nameEn: 'A' }), await addItem(grill.id, { nameEn: 'B' }), await addItem(grill.id, { nameEn: 'C' })];
    const d = await addItem(burgers.id, { nameEn: 'D' });

    await expectStatus(await call(owner, 'PUT', menuUrl('/items/order'), { categoryId: grill.id, ids: [c.id, a.id, b.id] }), 204);
    // D dragged between C and A.
    await expectStatus(await call(owner, 'PUT', menuUrl('/items/order'), { categoryId: grill.id, ids: [c.id, d.id, a.id, b.id] }), 204);
    const items = (await menuOf()).items;
    const inGrill = items.filter((i) => i.categoryId === grill.id).sort((x, y) => x.position - y.position);
    expect(inGrill.map((i) => i.nameEn)).toEqual(['C', 'D', 'A', 'B']);
    expect(items.filter((i) => i.categoryId === burgers.id)).toEqual([]);

    const missing = await call(owner, 'PUT', menuUrl('/items/order'), { categoryId: grill.id, ids: [a.id, b.id, c.id] });
    await expectStatus(missing, 409);
    expect(codeOf(missing)).toBe('menu_changed');
  });
});

describe('option-group rules', () => {
  it('refuse min above max, max above the options, and required without a minimum; nothing is saved', async () => {
    const category = await addCategory('Rules');
    const before = await menuOf();
    const cases: [Record<string, unknown>, string][] = [
      [{ minSelections: 2, maxSelections: 1 }, 'optionGroups.0.minSelections:option_min_exceeds_max'],
      [{ maxSelections: 3 }, 'optionGroups.0.maxSelections:option_max_exceeds_count'],
      [{ required: true, minSelections: 0 }, 'optionGroups.0.minSelections:option_required_needs_min'],
      [{ required: false, minSelections: 1 }, 'optionGroups.0.minSelections:option_min_needs_required'],
      [{ minSelections: -1 }, 'optionGroups.0.minSelections:too_small_number'],
      [{ options: [] }, 'optionGroups.0.options:too_small_array'],
    ];
    for (const [change, field] of cases) {
      const res = await call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'Bad', priceMinor: 100, optionGroups: [{ ...sauces, ...change }] });
      await expectStatus(res, 400);
      expect(fieldsOf(res), JSON.stringify(change)).toContain(field);
    }
    const after = await menuOf();
    expect(after.version).toBe(before.version);
    expect(after.items.length).toBe(before.items.length);
  });
});

describe('availability', () => {
  let category: MenuCategory;
  let karak: MenuItem;
  let tea: MenuItem;

  beforeAll(async () => {
    category = await addCategory('Tea', 'شاي');
    karak = await addItem(category.id, { nameEn: 'Karak', nameAr: 'كرك', priceMinor: 150, optionGroups: [{ ...sauces, nameEn: 'Sugar', required: false, minSelections: 0, maxSelections: 1 }] });
    tea = await addItem(category.id, { nameEn: 'Sulaimani', nameAr: 'سليماني', priceMinor: 100 });
  });

  it('marks an item sold out until the truck’s local midnight, and back, in one call each', async () => {
    const res = await call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out_today', itemIds: [karak.id] });
    await expectStatus(res, 200);
    const until = endOfLocalDay('Asia/Kuwait', new Date()).toISOString();
    expect(res.json()).toMatchObject({ items: [{ id: karak.id, soldOutUntil: until }], options: [] });
    expect((await menuOf()).items.find((i) => i.id === karak.id)?.soldOutUntil).toBe(until);

    await expectStatus(await call(owner, 'POST', menuUrl('/availability'), { state: 'available', itemIds: [karak.id] }), 200);
    expect((await menuOf()).items.find((i) => i.id === karak.id)?.soldOutUntil).toBeNull();
  });

  it('works for several items and options at once, all or nothing', async () => {
    const option = karak.optionGroups[0]!.options[0]!;
    const bulk = await call(staff, 'POST', menuUrl('/availability'), { state: 'sold_out', itemIds: [karak.id, tea.id], optionIds: [option.id] });
    await expectStatus(bulk, 200);
    const menu = await menuOf();
    expect([karak, tea].map((item) => menu.items.find((i) => i.id === item.id)?.soldOutUntil)).toEqual(['indefinitely', 'indefinitely']);

    const partlyUnknown = await call(owner, 'POST', menuUrl('/availability'), { state: 'available', itemIds: [karak.id, crypto.randomUUID()] });
    await expectStatus(partlyUnknown, 404);
    expect(codeOf(partlyUnknown)).toBe('item_not_found');
    expect((await menuOf()).items.find((i) => i.id === karak.id)?.soldOutUntil).toBe('indefinitely');

    await expectStatus(await call(owner, 'POST', menuUrl('/availability'), { state: 'available', itemIds: [karak.id, tea.id], optionIds: [option.id] }), 200);
  });

  it('counts for pricing at once: order intake reads it through menuItemsOf and priceLine', async () => {
    const option = karak.optionGroups[0]!.options[1]!;
    const [fresh] = await menuItemsOf(app.database.db, truckId, { ids: [karak.id] });
    expect(priceLine(fresh!, [option.id], 2)).toMatchObject({ ok: true, unitPrice: 150 + option.priceDeltaMinor, total: 2 * (150 + option.priceDeltaMinor) });

    await call(staff, 'POST', menuUrl('/availability'), { state: 'sold_out_today', optionIds: [option.id] });
    const [soldOut] = await menuItemsOf(app.database.db, truckId, { ids: [karak.id] });
    expect(priceLine(soldOut!, [option.id], 2)).toEqual({ ok: false, problems: [{ code: 'option_unavailable', optionId: option.id }] });
    await call(staff, 'POST', menuUrl('/availability'), { state: 'available', optionIds: [option.id] });
  });
});

describe('staff', () => {
  it('read the menu and switch availability, and nothing else (403)', async () => {
    const category = (await menuOf()).categories[0]!;
    const item = await addItem(category.id, { nameEn: 'Staff test' });
    const seen = await menuOf(staff);
    expect(seen.relation).toBe('staff');
    expect(seen.items.some((i) => i.id === item.id)).toBe(true);
    await expectStatus(await call(staff, 'POST', menuUrl('/availability'), { state: 'sold_out', itemIds: [item.id] }), 200);

    const attempts = [
      call(staff, 'POST', menuUrl('/categories'), { nameEn: 'Staff' }),
      call(staff, 'PUT', menuUrl(`/categories/${category.id}`), { nameEn: 'Renamed' }),
      call(staff, 'DELETE', menuUrl(`/categories/${category.id}?items=delete`)),
      call(staff, 'PUT', menuUrl('/categories/order'), { ids: [category.id] }),
      call(staff, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X', priceMinor: 1 }),
      call(staff, 'PUT', menuUrl(`/items/${item.id}`), { categoryId: category.id, nameEn: 'X', priceMinor: 1 }),
      call(staff, 'DELETE', menuUrl(`/items/${item.id}`)),
      call(staff, 'PUT', menuUrl('/items/order'), { categoryId: category.id, ids: [item.id] }),
    ];
    for (const res of await Promise.all(attempts)) {
      await expectStatus(res, 403);
      expect(codeOf(res)).toBe('forbidden');
    }
    expect((await menuOf()).items.find((i) => i.id === item.id)).toMatchObject({ nameEn: 'Staff test', soldOutUntil: 'indefinitely' });
  });
});

describe('other trucks', () => {
  it('answer 404 to a stranger, whatever the route, and leave the menu alone', async () => {
    const category = (await menuOf()).categories[0]!;
    const item = (await menuOf()).items[0]!;
    const before = await menuOf();
    const attempts = [
      call(stranger, 'GET', menuUrl()),
      call(stranger, 'POST', menuUrl('/categories'), { nameEn: 'Mine now' }),
      call(stranger, 'PUT', menuUrl(`/categories/${category.id}`), { nameEn: 'Mine now' }),
      call(stranger, 'DELETE', menuUrl(`/categories/${category.id}?items=delete`)),
      call(stranger, 'PUT', menuUrl(`/items/${item.id}`), { categoryId: category.id, nameEn: 'Mine', priceMinor: 1 }),
      call(stranger, 'DELETE', menuUrl(`/items/${item.id}`)),
      call(stranger, 'POST', menuUrl('/availability'), { state: 'sold_out', itemIds: [item.id] }),
      // Even with a body that would not validate: nothing about the truck leaks.
      call(stranger, 'POST', menuUrl('/items'), { nonsense: true }),
      call(null, 'GET', menuUrl()),
    ];
    const results = await Promise.all(attempts);
    expect(results.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 401]);
    expect(results.slice(0, -1).map(codeOf)).toEqual(results.slice(0, -1).map(() => 'truck_not_found'));
    expect((await menuOf()).version).toBe(before.version);
  });

  it('cannot be reached through ids either: another truck’s category, item or option is unknown here', async () => {
    const theirCategory = await addCategory('Theirs', '', stranger, otherTruckId);
    const theirItem = await addItem(theirCategory.id, { optionGroups: [sauces] }, stranger, otherTruckId);
    const mine = (await menuOf()).categories[0]!;

    const asMyItem = await call(owner, 'POST', menuUrl('/items'), { categoryId: theirCategory.id, nameEn: 'X', priceMinor: 1 });
    await expectStatus(asMyItem, 400);
    expect(fieldsOf(asMyItem)).toEqual(['categoryId:category_unknown']);
    await expectStatus(await call(owner, 'PUT', menuUrl(`/items/${theirItem.id}`), { categoryId: mine.id, nameEn: 'X', priceMinor: 1 }), 404);
    await expectStatus(await call(owner, 'DELETE', menuUrl(`/categories/${theirCategory.id}?items=delete`)), 404);
    await expectStatus(await call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out', itemIds: [theirItem.id] }), 404);
    const option = await call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out', optionIds: [theirItem.optionGroups[0]!.options[0]!.id] });
    await expectStatus(option, 404);
    expect(codeOf(option)).toBe('option_not_found');
    await expectStatus(await call(owner, 'PUT', menuUrl('/items/order'), { categoryId: mine.id, ids: [theirItem.id] }), 404);

    const theirs = await menuOf(stranger, otherTruckId);
    expect(theirs.items).toEqual([theirItem]);
  });
});

describe('bad input', () => {
  it('answers a clear 4xx, never a 5xx, and changes nothing', async () => {
    const category = (await menuOf()).categories[0]!;
    const before = await menuOf();
    const json = { 'content-type': 'application/json' };
    const cases: [Promise<{ statusCode: number; body: string; json(): unknown }>, number, string][] = [
      [app.inject({ method: 'POST', url: `/api/v1${menuUrl('/categories')}`, headers: { ...bearer(owner.token), ...json }, payload: '{"nameEn":' }), 400, 'malformed_json'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X', priceMinor: '1.250' }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X', priceMinor: 1.5 }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X', priceMinor: 100_000_001 }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: 'not-a-uuid', nameEn: 'X', priceMinor: 1 }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X'.repeat(81), priceMinor: 1 }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X', priceMinor: 1, photoId: crypto.randomUUID() }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'X', priceMinor: 1, tags: ['keto'] }), 400, 'validation_failed'],
      [call(owner, 'PUT', menuUrl('/items/not-a-uuid'), { categoryId: category.id, nameEn: 'X', priceMinor: 1 }), 400, 'validation_failed'],
      [call(owner, 'DELETE', menuUrl(`/categories/${category.id}?items=burn`)), 400, 'validation_failed'],
      [call(owner, 'DELETE', menuUrl(`/categories/${category.id}?items=move`)), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out' }), 400, 'validation_failed'],
      [call(owner, 'POST', menuUrl('/availability'), { state: 'gone', itemIds: [] }), 400, 'validation_failed'],
      [call(owner, 'PUT', menuUrl('/categories/order'), { ids: [category.id, category.id] }), 400, 'validation_failed'],
      [call(owner, 'PUT', menuUrl(`/categories/${crypto.randomUUID()}`), { nameEn: 'Ghost' }), 404, 'category_not_found'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      await expectStatus(res, status);
      expect(codeOf(res)).toBe(code);
    }
    expect(await menuOf()).toEqual(before);
  });
});

describe('deleting a category with items', () => {
  it('asks what to do with them, then moves them behind the target’s items or deletes them', async () => {
    const from = await addCategory('Old specials');
    const to = await addCategory('Specials');
    const kept = await addItem(to.id, { nameEn: 'Already there' });
    const [x, y] = [await addItem(from.id, { nameEn: 'X' }), await addItem(from.id, { nameEn: 'Y' })];

    const ask = await call(owner, 'DELETE', menuUrl(`/categories/${from.id}`), undefined, { 'accept-language': 'en' });
    await expectStatus(ask, 409);
    expect(ask.json()).toMatchObject({ error: { code: 'category_not_empty', details: { itemCount: 2 }, message: expect.stringContaining('2 items') } });

    const self = await call(owner, 'DELETE', menuUrl(`/categories/${from.id}?items=move&moveTo=${from.id}`));
    await expectStatus(self, 400);
    expect(fieldsOf(self)).toEqual(['moveTo:move_target_invalid']);

    await expectStatus(await call(owner, 'DELETE', menuUrl(`/categories/${from.id}?items=move&moveTo=${to.id}`)), 204);
    const menu = await menuOf();
    expect(menu.categories.some((c) => c.id === from.id)).toBe(false);
    expect(menu.items.filter((i) => i.categoryId === to.id).sort((a, b) => a.position - b.position).map((i) => i.id)).toEqual([kept.id, x.id, y.id]);

    await expectStatus(await call(owner, 'DELETE', menuUrl(`/categories/${to.id}?items=delete`)), 204);
    const emptied = await menuOf();
    expect(emptied.items.some((i) => [kept.id, x.id, y.id].includes(i.id))).toBe(false);
    const empty = await addCategory('Empty');
    await expectStatus(await call(owner, 'DELETE', menuUrl(`/categories/${empty.id}`)), 204);
  });
});

describe('photos', () => {
  it('are the truck’s own menu photos, public once used', async () => {
    const category = (await menuOf()).categories[0]!;
    const upload = await uploadFile(app, owner, truckId, 'menu_photo', { name: 'karak.png', type: 'image/png', content: await demoImage('K', '#6d4c41', 'png', 400, 300) });
    await expectStatus(upload, 201);
    const photoId = (upload.json() as { id: string }).id;
    const item = await addItem(category.id, { nameEn: 'Pictured', photoId });
    expect(item.photoUrl).toBe(`/api/v1/trucks/${truckId}/uploads/${photoId}`);
    const image = await app.inject({ method: 'GET', url: item.photoUrl! });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);

    const theirs = await uploadFile(app, stranger, otherTruckId, 'menu_photo', { name: 'x.png', type: 'image/png', content: await demoImage('X', '#000', 'png', 50, 50) });
    const borrowed = await call(owner, 'POST', menuUrl('/items'), { categoryId: category.id, nameEn: 'Borrowed', priceMinor: 1, photoId: (theirs.json() as { id: string }).id });
    expect(fieldsOf(borrowed)).toEqual(['photoId:photo_unknown']);
  });

  it('that no item uses are removed after an hour; used ones stay', async () => {
    const category = (await menuOf()).categories[0]!;
    const image = { name: 'x.png', type: 'image/png', content: await demoImage('X', '#795548', 'png', 60, 60) };
    const abandoned = (await uploadFile(app, owner, truckId, 'menu_photo', image)).json() as { id: string; url: string };
    const fresh = (await uploadFile(app, owner, truckId, 'menu_photo', image)).json() as { id: string; url: string };
    const used = (await uploadFile(app, owner, truckId, 'menu_photo', image)).json() as { id: string; url: string };
    const item = await addItem(category.id, { nameEn: 'Photo kept', photoId: used.id });
    await app.database.db
      .update(truckUploads)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(and(eq(truckUploads.truckId, truckId), inArray(truckUploads.id, [abandoned.id, used.id])));

    await addItem(category.id, { nameEn: 'Triggers the clean-up' });
    const status = async (url: string) => (await app.inject({ method: 'GET', url, headers: bearer(owner.token) })).statusCode;
    expect([await status(abandoned.url), await status(fresh.url), await status(used.url)]).toEqual([404, 200, 200]);
    expect((await menuOf()).items.find((i) => i.id === item.id)?.photoId).toBe(used.id);
  });
});

describe('the public menu', () => {
  it('shows both languages, prices in the truck’s currency and what is sold out', async () => {
    const category = await addCategory('Public', 'عام');
    const item = await addItem(category.id, { nameEn: 'Falafel wrap', nameAr: 'لفة فلافل', priceMinor: 1250 });
    await call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out_today', itemIds: [item.id] });

    const res = await publicMenu();
    await expectStatus(res, 200);
    const menu = res.json() as PublicMenu;
    expect(menu.truck).toMatchObject({ slug, currency: 'KWD' });
    const shown = menu.categories.find((c) => c.id === category.id)?.items[0];
    expect(shown).toMatchObject({ nameEn: 'Falafel wrap', nameAr: 'لفة فلافل', priceMinor: 1250, price: '1.250', available: false });
    expect(JSON.stringify(menu)).not.toContain('To delete');
  });

  it('prints prices with each currency’s exponent (KWD 3, USD 2, JPY 0)', async () => {
    const category = await addCategory('Exponent');
    const item = await addItem(category.id, { priceMinor: 1250 });
    const priceIn = async (currency: string) => {
      await app.database.db.update(trucks).set({ currency, updatedAt: new Date() }).where(eq(trucks.id, truckId));
      await app.readCache.settle();
      const menu = (await publicMenu()).json() as PublicMenu;
      return menu.categories.flatMap((c) => c.items).find((i) => i.id === item.id)?.price;
    };
    expect([await priceIn('USD'), await priceIn('JPY'), await priceIn('BHD'), await priceIn('KWD')]).toEqual(['12.50', '1250', '1.250', '1.250']);
    expect((await menuOf()).currency).toBe('KWD');
  });

  it('answers 304 to a client that has it, and a new ETag after any change', async () => {
    const first = await publicMenu();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await publicMenu({ 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);

    const category = (await menuOf()).categories[0]!;
    await call(owner, 'PUT', menuUrl(`/categories/${category.id}`), { nameEn: `${category.nameEn}!`, nameAr: category.nameAr });
    const changed = await publicMenu({ 'if-none-match': etag });
    await expectStatus(changed, 200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('stays right with several server processes: each hears the menu change through the database', async () => {
    const second = await buildApp({ config: app.config, database: app.database, logger: false });
    await second.ready();
    try {
      const warm = await publicMenu({}, second);
      const hits = second.readCache.stats.hits;
      expect((await publicMenu({}, second)).headers.etag).toBe(warm.headers.etag);
      // The second answer came from memory: no database round trip.
      expect(second.readCache.stats.hits).toBeGreaterThan(hits);
      const category = await addCategory('Added through the first process');
      const item = await addItem(category.id, { nameEn: 'Seen by the second' });
      await expect.poll(async () => (await publicMenu({}, second)).body).toContain('Seen by the second');
      expect((await publicMenu({}, second)).headers.etag).not.toBe(warm.headers.etag);
      // An availability tap (staff, during a rush) counts too.
      await expectStatus(await call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out', itemIds: [item.id] }), 200);
      await expect.poll(async () => (JSON.parse((await publicMenu({}, second)).body) as PublicMenu).categories.flatMap((c) => c.items).find((i) => i.id === item.id)?.available).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('builds itself again when a sold-out-until passes, with no edit to tell it', async () => {
    const cache = createPublicMenuCache(app.database.db, app.readCache);
    const category = await addCategory('Tonight');
    const item = await addItem(category.id, { nameEn: 'Until midnight' });
    await call(owner, 'POST', menuUrl('/availability'), { state: 'sold_out_today', itemIds: [item.id] });
    const availableIn = (reply: { body: Buffer } | null) =>
      (JSON.parse(reply!.body.toString()) as PublicMenu).categories.flatMap((c) => c.items).find((i) => i.id === item.id)?.available;

    const now = new Date();
    const today = await cache.get(slug, now);
    expect(availableIn(today)).toBe(false);
    const tomorrow = await cache.get(slug, new Date(endOfLocalDay('Asia/Kuwait', now).getTime() + 1000));
    expect(availableIn(tomorrow)).toBe(true);
    expect(tomorrow!.etag).not.toBe(today!.etag);
  });

  it('is not shown for unknown slugs or trucks that are not approved', async () => {
    await expectStatus(await app.inject({ method: 'GET', url: '/api/v1/public/trucks/no-such-truck/menu' }), 404);
    await app.database.db.update(trucks).set({ status: 'suspended', updatedAt: new Date() }).where(eq(trucks.id, truckId));
    await app.readCache.settle();
    try {
      await expectStatus(await publicMenu(), 404);
    } finally {
      await app.database.db.update(trucks).set({ status: 'approved', updatedAt: new Date() }).where(eq(trucks.id, truckId));
      await app.readCache.settle();
    }
  });
});
