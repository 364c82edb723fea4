import { describe, expect, it } from 'vitest';
import { accessListFor, canAccess, screenFor } from './access';

const screens = (roles: string[]) => accessListFor(roles).map((entry) => entry.screen);

describe('accessListFor', () => {
  it('gives an Applicant home, profile and the truck application', () => {
    expect(screens(['Applicant'])).toEqual(['/home', '/truck-register', '/truck-info', '/user-profile']);
  });
  it('gives a Vendor every truck screen', () => {
    expect(screens(['Vendor'])).toEqual([
      '/home', '/truck-register', '/truck-info', '/menu', '/orders', '/booking-details', '/delivery-zones', '/operating-hours', '/user-profile',
    ]);
    expect(screens(['Vendor'])).not.toContain('/admin/reviews');
  });
  it('gives Staff orders, bookings and the menu availability switch only', () => {
    expect(accessListFor(['Staff'])).toEqual([
      { screen: '/home', actions: ['read'] },
      { screen: '/menu', actions: ['read', 'availability'] },
      { screen: '/orders', actions: ['read', 'write'] },
      { screen: '/booking-details', actions: ['read', 'write'] },
      { screen: '/user-profile', actions: ['read', 'write'] },
    ]);
  });
  it('gives the admin screens to Admin only', () => {
    expect(screens(['Admin'])).toEqual(['/home', '/admin/reviews', '/user-profile']);
  });
  it('merges several roles, each screen once with the union of actions', () => {
    const list = accessListFor(['Staff', 'Vendor']);
    expect(list.filter((entry) => entry.screen === '/menu')).toEqual([{ screen: '/menu', actions: ['read', 'write', 'availability'] }]);
  });
  it('ignores unknown roles', () => {
    expect(accessListFor(['Root', 'Applicant'])).toEqual(accessListFor(['Applicant']));
    expect(accessListFor([])).toEqual([]);
  });
});

describe('canAccess', () => {
  const staff = accessListFor(['Staff']);
  it('checks screen and action', () => {
    expect(canAccess(staff, '/orders')).toBe(true);
    expect(canAccess(staff, '/menu', 'availability')).toBe(true);
    expect(canAccess(staff, '/menu', 'write')).toBe(false);
    expect(canAccess(staff, '/delivery-zones')).toBe(false);
  });
  it('treats /jobs/{n} as part of the booking dashboard', () => {
    expect(screenFor('/jobs/42')).toBe('/booking-details');
    expect(canAccess(staff, '/jobs/42')).toBe(true);
    expect(canAccess(accessListFor(['Applicant']), '/jobs/42')).toBe(false);
  });
  it('ignores a trailing slash', () => {
    expect(canAccess(staff, '/orders/')).toBe(true);
  });
});
