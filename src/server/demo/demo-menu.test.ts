import { MENU_LIMITS, type Menu, type PublicMenu } from '@domain/menu';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyIp, bearer } from '@testing/accounts';
import { createTestApp, type TestApp } from '@testing/test-app';
import { seedDemoData } from './demo-data';
import { seedDemoMenu } from './demo-menu';
import { DEMO_TRUCK_IDS } from './demo-trucks';

let test: TestApp;
let token = '';

beforeAll(async () => {
  test = await createTestApp();
  let password = '';
  await seedDemoData(test.database.db, { info: (line) => (password = line.match(/ \/ (\S+)$/)?.[1] ?? password) }, test.config.uploadsDir);
  const res = await test.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', remoteAddress: anyIp(), payload: { email: 'vendor@truckdesk.demo', password } });
  token = res.json().token as string;
});

const vendorMenu = async () =>
  (await test.app.inject({ method: 'GET', url: `/api/v1/trucks/${DEMO_TRUCK_IDS.approved}/menu`, headers: bearer(token) })).json() as Menu;

describe('the demo menu', () => {
  it('is a bilingual KWD menu of 5 categories and about 25 items with option groups and photos', async () => {
    const menu = await vendorMenu();
    expect(menu.currency).toBe('KWD');
    expect(menu.categories.map((c) => c.nameEn)).toEqual(['Shawarma', 'Saj & manakish', 'Burgers', 'Sides', 'Drinks']);
    expect(menu.items.length).toBeGreaterThanOrEqual(25);
    for (const item of menu.items) {
      expect(item.nameEn && item.nameAr, item.nameEn).toBeTruthy();
      expect(item.priceMinor, item.nameEn).toBeLessThan(MENU_LIMITS.priceMinor);
    }
    expect(menu.items.filter((i) => i.optionGroups.length > 0).length).toBeGreaterThanOrEqual(8);
    expect(menu.items.filter((i) => i.soldOutUntil !== null).map((i) => i.nameEn)).toEqual(['Sujuk and cheese saj']);
    const pictured = menu.items.filter((i) => i.photoUrl);
    expect(pictured.length).toBeGreaterThan(5);
    const photo = await test.app.inject({ method: 'GET', url: pictured[0]!.photoUrl! });
    expect(photo.statusCode).toBe(200);
  });

  it('is what customers see, priced to the fils', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/v1/public/trucks/saj-station/menu' });
    const menu = res.json() as PublicMenu;
    const karak = menu.categories.flatMap((c) => c.items).find((i) => i.nameEn === 'Karak chai');
    expect(karak).toMatchObject({ nameAr: 'شاي كرك', price: '0.200', available: true });
    expect(karak?.optionGroups.map((g) => [g.nameEn, g.required, g.options.length])).toEqual([['Size', true, 2], ['Sugar', true, 3]]);
  });

  it('is seeded once: a truck that has a menu keeps it', async () => {
    const before = await vendorMenu();
    await seedDemoMenu(test.database.db, test.config.uploadsDir, DEMO_TRUCK_IDS.approved);
    expect(await vendorMenu()).toEqual(before);
  });
});
