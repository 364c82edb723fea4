import { describe, expect, it } from 'vitest';
import { accessibleScreens, accessListFor, canAccess, CLOSED_WHILE_SUSPENDED, mayOnTruck, mayOnTruckWith, openWhileSuspended, screenFor } from './access';

const screens = (roles: string[]) => accessListFor(roles).map((entry) => entry.screen);

describe('accessListFor', () => {
  it('gives an Applicant home, profile and the truck application', () => {
    expect(screens(['Applicant'])).toEqual(['/home', '/truck-register', '/truck-info', '/user-profile']);
  });
  it('gives a Vendor every truck screen', () => {
    expect(screens(['Vendor'])).toEqual([
      '/home', '/truck-register', '/truck-info', '/menu', '/orders', '/booking-details', '/delivery-zones', '/operating-hours', '/promotions', '/user-profile',
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

describe('per truck', () => {
  const own = 'a0000000-0000-4000-8000-000000000001';
  const staffed = 'a0000000-0000-4000-8000-000000000002';
  const list = accessListFor(['Vendor', 'Staff'], [
    { truckId: own, role: 'owner' },
    { truckId: staffed, role: 'staff' },
  ]);

  it('gives each truck the screens of the role held there', () => {
    const onStaffed = list.filter((entry) => entry.truckId === staffed);
    expect(onStaffed.map((entry) => [entry.screen, entry.actions, entry.role])).toEqual([
      ['/menu', ['read', 'availability'], 'staff'],
      ['/orders', ['read', 'write'], 'staff'],
      ['/booking-details', ['read', 'write'], 'staff'],
    ]);
    expect(list.filter((entry) => entry.truckId === own).map((entry) => entry.screen)).toEqual([
      '/truck-info', '/menu', '/orders', '/booking-details', '/delivery-zones', '/operating-hours', '/promotions',
    ]);
  });

  it('judges a truck screen by the current truck', () => {
    expect(canAccess(list, '/menu', 'write', own)).toBe(true);
    expect(canAccess(list, '/menu', 'write', staffed)).toBe(false);
    expect(canAccess(list, '/menu', 'availability', staffed)).toBe(true);
    expect(canAccess(list, '/truck-info', 'read', staffed)).toBe(false);
    expect(canAccess(list, '/delivery-zones', 'read', staffed)).toBe(false);
    expect(canAccess(list, '/booking-details', 'availability', staffed)).toBe(false);
    expect(canAccess(list, '/booking-details', 'availability', own)).toBe(true);
    // Screens outside any truck follow the roles.
    expect(canAccess(list, '/user-profile', 'read', staffed)).toBe(true);
    expect(accessibleScreens(list, staffed)).toEqual(['/home', '/truck-register', '/menu', '/orders', '/booking-details', '/user-profile']);
  });

  it('gives an Applicant’s own draft its truck info only, even when they are staff elsewhere', () => {
    const applicant = accessListFor(['Applicant', 'Staff'], [
      { truckId: own, role: 'owner' },
      { truckId: staffed, role: 'staff' },
    ]);
    expect(accessibleScreens(applicant, own)).toEqual(['/home', '/truck-register', '/truck-info', '/user-profile']);
    expect(accessibleScreens(applicant, staffed)).toEqual(['/home', '/truck-register', '/menu', '/orders', '/booking-details', '/user-profile']);
  });

  it('leaves a suspended truck’s orders and bookings out, for its owner and its staff', () => {
    const suspended = accessListFor(['Vendor', 'Staff'], [
      { truckId: own, role: 'owner', suspended: true },
      { truckId: staffed, role: 'staff', suspended: true },
    ]);
    expect(accessibleScreens(suspended, own)).toEqual(['/home', '/truck-register', '/truck-info', '/menu', '/delivery-zones', '/operating-hours', '/promotions', '/user-profile']);
    expect(accessibleScreens(suspended, staffed)).toEqual(['/home', '/truck-register', '/menu', '/user-profile']);
    expect(canAccess(suspended, '/orders', 'read', staffed)).toBe(false);
    expect(canAccess(suspended, '/jobs/42', 'read', own)).toBe(false);
    expect(CLOSED_WHILE_SUSPENDED.every((permission) => !openWhileSuspended(permission))).toBe(true);
    expect(openWhileSuspended('truck.edit') && openWhileSuspended('home.view') && openWhileSuspended('team.manage')).toBe(true);
  });

  it('names what each role may do on a truck', () => {
    expect(mayOnTruck('staff', 'orders.manage')).toBe(true);
    expect(mayOnTruck('staff', 'bookings.manage')).toBe(true);
    expect(mayOnTruck('staff', 'menu.availability')).toBe(true);
    for (const permission of ['menu.edit', 'hours.edit', 'zones.edit', 'truck.edit', 'truck.view', 'revenue.view', 'team.manage', 'bookings.availability'] as const) {
      expect(mayOnTruck('staff', permission), permission).toBe(false);
      expect(mayOnTruck('owner', permission), permission).toBe(true);
    }
  });

  it('lets staff give money back only while the owner grants it', () => {
    expect(mayOnTruck('staff', 'orders.refund')).toBe(false);
    expect(mayOnTruckWith('owner', 'orders.refund', {})).toBe(true);
    expect(mayOnTruckWith('staff', 'orders.refund', { staffMayRefund: false })).toBe(false);
    expect(mayOnTruckWith('staff', 'orders.refund', { staffMayRefund: true })).toBe(true);
    // A grant opens only its own permission.
    expect(mayOnTruckWith('staff', 'team.manage', { staffMayRefund: true })).toBe(false);
    expect(openWhileSuspended('orders.refund')).toBe(false);
  });
});
