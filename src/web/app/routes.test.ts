import { describe, expect, it } from 'vitest';
import { isBackOfficePath, KNOWN_PATHS, PROTECTED_EXTRA_SCREENS, routeTitleKey, SCREENS } from './routes';
import en from '@domain/i18n/en/common.json';

const SEED_PATHS = [
  '/',
  '/new-signup',
  '/home',
  '/truck-info',
  '/truck-register',
  '/user-profile',
  '/menu',
  '/orders',
  '/delivery-zones',
  '/operating-hours',
  '/booking-details',
  '/promotions',
];

/** The seed's routes: docs/product.md §6.2. */
describe('routes', { timeout: 30_000 }, () => {
  it("has the seed's eleven paths and /promotions, plus /jobs/{n}, the customer's quote page and the invitation link's page", () => {
    expect(SCREENS.map((s) => s.path).sort()).toEqual([...SEED_PATHS, '/jobs/:number', '/booking-quote/:token', '/invite'].sort());
    expect(KNOWN_PATHS.sort()).toEqual([...SEED_PATHS, '/invite'].sort());
  });

  it('puts the entry page, sign-up and the customer-facing pages in the page layout, the rest in the dashboard', () => {
    const pageLayout = SCREENS.filter((s) => s.layout === 'page').map((s) => s.path);
    expect(pageLayout.sort()).toEqual(['/', '/booking-quote/:token', '/invite', '/new-signup']);
  });

  it('counts the dashboard screens as back office (a visitor without a session signs in first), not the public pages', () => {
    for (const path of ['/home', '/menu', '/orders', '/truck-info', '/truck-register', '/user-profile', '/delivery-zones', '/operating-hours', '/promotions', '/booking-details', '/jobs/12', '/admin/reviews']) {
      expect(isBackOfficePath(path), path).toBe(true);
    }
    for (const path of ['/', '/new-signup', '/invite', '/booking-quote/abc', '/t/tacos', '/guide', '/nowhere']) {
      expect(isBackOfficePath(path), path).toBe(false);
    }
  });

  it('keeps the admin screens in the protected extra list', () => {
    expect(PROTECTED_EXTRA_SCREENS.map((s) => s.path)).toEqual(['/admin/reviews']);
  });

  it.each([...SCREENS, ...PROTECTED_EXTRA_SCREENS].map((s) => [s.path, s] as const))('%s loads its page lazily', async (_path, screen) => {
    const module = (await screen.lazy()) as { Component?: unknown };
    expect(typeof module.Component).toBe('function');
  });

  it('titles every screen from the catalogue, /jobs/{n} as a booking, anything else as not found', () => {
    const titles = en.routes as Record<string, string>;
    for (const path of [...KNOWN_PATHS, '/admin/reviews']) expect(titles[routeTitleKey(path).slice('routes.'.length)], path).toBeTruthy();
    expect(routeTitleKey('/jobs/42')).toBe('routes./jobs');
    expect(routeTitleKey('/jobs/abc')).toBe('notFound.title');
    expect(routeTitleKey('/nowhere')).toBe('notFound.title');
  });
});
