import { describe, expect, it } from 'vitest';
import { DEFAULT_SIDEBAR_ENTRIES, menuKeyFor, sidebarEntries } from './sidebar-entries';

describe('sidebar entries', () => {
  it('lists every public dashboard screen while the access list is empty', () => {
    expect(sidebarEntries([])).toEqual(DEFAULT_SIDEBAR_ENTRIES);
    expect(DEFAULT_SIDEBAR_ENTRIES).toEqual([
      '/home',
      '/truck-info',
      '/truck-register',
      '/user-profile',
      '/menu',
      '/orders',
      '/delivery-zones',
      '/operating-hours',
      '/promotions',
      '/booking-details',
    ]);
  });

  it("follows the access list's screens and order, skipping what the sidebar cannot show", () => {
    expect(
      sidebarEntries([
        { screen: '/orders', actions: ['read'] },
        { screen: '/home', actions: ['read'] },
        { screen: '/admin/reviews', actions: ['read', 'write'] },
        { screen: '/', actions: ['read'] },
        { screen: '/unknown', actions: ['read'] },
      ]),
    ).toEqual(['/orders', '/home', '/admin/reviews']);
  });

  it('selects the entry of the current path; a booking job selects the booking dashboard', () => {
    expect(menuKeyFor('/menu')).toBe('/menu');
    expect(menuKeyFor('/jobs/12')).toBe('/booking-details');
    expect(menuKeyFor('/')).toBeUndefined();
    expect(menuKeyFor('/nowhere')).toBeUndefined();
  });
});
