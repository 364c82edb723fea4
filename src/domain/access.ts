/**
 * Roles and the access list the server computes from them (product.md §1). The client keeps the
 * list to build the sidebar and guard routes; the server enforces every rule on its own.
 * No zod here: the web's route guard imports this into the entry chunk.
 */

export const ROLES = ['Applicant', 'Vendor', 'Staff', 'Admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLES: Role[] = ['Applicant'];

export const ACTIONS = ['read', 'write', 'availability'] as const;
export type Action = (typeof ACTIONS)[number];

export interface AccessEntry {
  screen: string;
  actions: Action[];
}

const RW: Action[] = ['read', 'write'];

const BY_ROLE: Record<Role, AccessEntry[]> = {
  Applicant: [
    { screen: '/home', actions: ['read'] },
    { screen: '/user-profile', actions: RW },
    { screen: '/truck-register', actions: RW },
    { screen: '/truck-info', actions: RW },
  ],
  Vendor: [
    { screen: '/home', actions: ['read'] },
    { screen: '/truck-info', actions: RW },
    { screen: '/truck-register', actions: RW },
    { screen: '/menu', actions: ['read', 'write', 'availability'] },
    { screen: '/orders', actions: RW },
    { screen: '/delivery-zones', actions: RW },
    { screen: '/operating-hours', actions: RW },
    { screen: '/booking-details', actions: RW },
    { screen: '/user-profile', actions: RW },
  ],
  Staff: [
    { screen: '/home', actions: ['read'] },
    { screen: '/orders', actions: RW },
    { screen: '/booking-details', actions: RW },
    { screen: '/menu', actions: ['read', 'availability'] },
    { screen: '/user-profile', actions: RW },
  ],
  Admin: [
    { screen: '/home', actions: ['read'] },
    { screen: '/user-profile', actions: RW },
    { screen: '/admin/reviews', actions: RW },
  ],
};

/** Screens in sidebar order; a screen appears once with the union of what every role allows. */
const SCREEN_ORDER = [
  '/home', '/truck-register', '/truck-info', '/menu', '/orders', '/booking-details', '/delivery-zones',
  '/operating-hours', '/admin/reviews', '/user-profile',
];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function accessListFor(roles: readonly string[]): AccessEntry[] {
  const merged = new Map<string, Set<Action>>();
  for (const role of roles.filter(isRole)) {
    for (const entry of BY_ROLE[role]) {
      const actions = merged.get(entry.screen) ?? new Set<Action>();
      entry.actions.forEach((action) => actions.add(action));
      merged.set(entry.screen, actions);
    }
  }
  return SCREEN_ORDER.filter((screen) => merged.has(screen)).map((screen) => ({
    screen,
    actions: ACTIONS.filter((action) => merged.get(screen)?.has(action)),
  }));
}

/** The screen a path belongs to: a booking opened by number (/jobs/42) is part of the booking dashboard. */
export function screenFor(pathname: string): string {
  if (/^\/jobs\/\d+$/.test(pathname)) return '/booking-details';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Takes the list as stored on the client, where actions are plain strings. */
export function canAccess(accessList: readonly { screen: string; actions: readonly string[] }[], pathname: string, action: Action = 'read'): boolean {
  const screen = screenFor(pathname);
  return accessList.some((entry) => entry.screen === screen && entry.actions.includes(action));
}
