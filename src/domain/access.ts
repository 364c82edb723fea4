/**
 * Roles and the access list the server computes from them (docs/product.md §1). The client keeps the
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
  /** Set on the screens of one truck: what the user may do there, as its owner or as its staff. */
  truckId?: string;
  role?: TruckRole;
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
    { screen: '/promotions', actions: RW },
    // 'availability' on the booking dashboard: the truck's availableToArrive switch.
    { screen: '/booking-details', actions: ['read', 'write', 'availability'] },
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
  '/operating-hours', '/promotions', '/admin/reviews', '/user-profile',
];

// ---- One truck's people ---------------------------------------------------------------------------

/** How a person belongs to a truck: they own it, or its owner invited them as staff. */
export const TRUCK_ROLES = ['owner', 'staff'] as const;
export type TruckRole = (typeof TRUCK_ROLES)[number];

/**
 * What each of a truck's people may do on it (docs/product.md §1): staff run the orders and the
 * bookings and mark menu items sold out; the rest is the owner's. The server's truck guard refuses a
 * member without the permission with 403 (a stranger gets 404), whatever the client shows; the access
 * list below is built from the same table.
 */
export const TRUCK_PERMISSIONS = {
  /** The truck's details, documents, files and application. */
  'truck.view': ['owner'],
  'truck.edit': ['owner'],
  /** Inviting and removing staff. */
  'team.manage': ['owner'],
  /** Revenue and sales figures (home); the owner can let staff see them too (domain/home/index.ts revenueVisibleTo). */
  'revenue.view': ['owner'],
  /** The truck's summary on /home: figures, papers, the review's decision and its notes (no customer's details). */
  'home.view': ['owner', 'staff'],
  'menu.view': ['owner', 'staff'],
  'menu.edit': ['owner'],
  /** Marking items and options sold out or available again. */
  'menu.availability': ['owner', 'staff'],
  /** The order dashboard: every action, phone orders, export, the live stream. */
  'orders.manage': ['owner', 'staff'],
  /** Giving money back on a paid order (issue 44); the owner can let staff do it too (STAFF_GRANTS). */
  'orders.refund': ['owner'],
  /** The booking dashboard: every action on a booking. */
  'bookings.manage': ['owner', 'staff'],
  /** The truck's `availableToArrive` switch (accepting event bookings). */
  'bookings.availability': ['owner'],
  /** Read by the order intake and the dashboards; changed by the owner only. */
  'hours.view': ['owner', 'staff'],
  'hours.edit': ['owner'],
  'zones.view': ['owner', 'staff'],
  'zones.edit': ['owner'],
  /** Staff read the promotions (a phone order's code); the owner makes and changes them. */
  'promotions.view': ['owner', 'staff'],
  'promotions.edit': ['owner'],
} as const satisfies Record<string, readonly TruckRole[]>;
export type TruckPermission = keyof typeof TRUCK_PERMISSIONS;

export function mayOnTruck(role: TruckRole, permission: TruckPermission): boolean {
  return (TRUCK_PERMISSIONS[permission] as readonly TruckRole[]).includes(role);
}

/**
 * Owner-only permissions the owner can hand to the truck's staff, each by a switch of the team's
 * settings (domain/team TeamSettings, a column of the truck row): staff have it while it is on.
 */
export const STAFF_GRANTS = { 'orders.refund': 'staffMayRefund' } as const satisfies Partial<Record<TruckPermission, string>>;
export type StaffGrant = (typeof STAFF_GRANTS)[keyof typeof STAFF_GRANTS];

/** The permission as the truck's settings make it: the role's, or staff's by the owner's grant. */
export function mayOnTruckWith(role: TruckRole, permission: TruckPermission, grants: Partial<Record<StaffGrant, boolean>>): boolean {
  if (mayOnTruck(role, permission)) return true;
  const grant = (STAFF_GRANTS as Partial<Record<TruckPermission, StaffGrant>>)[permission];
  return role === 'staff' && grant !== undefined && grants[grant] === true;
}

/**
 * What an Admin's suspension closes until they reinstate the truck (docs/product.md §1): whatever
 * reaches its customers — names, phones and addresses in the orders (the dashboard, its export and its
 * live stream) and in the bookings. Its owner and staff get 403 `truck_suspended` there, and an open
 * stream ends. Everything else stays as the role allows: the owner still sees why (/home, /truck-info),
 * replaces papers, keeps the menu, hours, zones and team; staff keep the views and the sold-out switch.
 */
export const CLOSED_WHILE_SUSPENDED: readonly TruckPermission[] = ['orders.manage', 'orders.refund', 'bookings.manage'];

export function openWhileSuspended(permission: TruckPermission): boolean {
  return !CLOSED_WHILE_SUSPENDED.includes(permission);
}

/** The screens of those permissions, left out of a suspended truck's entries in the access list. */
const SCREENS_CLOSED_WHILE_SUSPENDED = new Set(['/orders', '/booking-details']);

/** The screens that act on the current truck. */
const TRUCK_SCREEN_SET = new Set(['/truck-info', '/menu', '/orders', '/booking-details', '/delivery-zones', '/operating-hours', '/promotions']);

/** Staff's screens on the truck they work for; an owner's come from their own roles (an Applicant's draft has no orders yet). */
const STAFF_SCREENS: AccessEntry[] = [
  { screen: '/menu', actions: ['read', 'availability'] },
  { screen: '/orders', actions: RW },
  { screen: '/booking-details', actions: RW },
];

export function isTruckScreen(screen: string): boolean {
  return TRUCK_SCREEN_SET.has(screen);
}

export interface TruckMembership {
  truckId: string;
  role: TruckRole;
  /** An Admin suspended the truck: its customers' screens are closed (CLOSED_WHILE_SUSPENDED). */
  suspended?: boolean;
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The access list: the screens the roles give (used for screens outside any truck, and for the
 * truck screens while the user has no truck), then, per truck the user reaches, that truck's screens
 * for their role on it.
 */
export function accessListFor(roles: readonly string[], trucks: readonly TruckMembership[] = []): AccessEntry[] {
  const owned = roleAccessList(roles.filter((role) => role !== 'Staff')).filter((entry) => isTruckScreen(entry.screen));
  const perTruck = trucks.flatMap(({ truckId, role, suspended }) =>
    (role === 'owner' ? owned : STAFF_SCREENS)
      .filter((entry) => !(suspended && SCREENS_CLOSED_WHILE_SUSPENDED.has(entry.screen)))
      .map((entry) => ({ ...entry, actions: [...entry.actions], truckId, role })),
  );
  return [...roleAccessList(roles), ...perTruck];
}

function roleAccessList(roles: readonly string[]): AccessEntry[] {
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

type StoredEntry = { screen: string; actions: readonly string[]; truckId?: string };

/**
 * Takes the list as stored on the client, where actions are plain strings. A truck screen is judged
 * by the current truck's entries when the list has any for it (the user's role there); without a
 * current truck, or with a list from before per-truck entries, by the role entries.
 */
export function canAccess(accessList: readonly StoredEntry[], pathname: string, action: Action = 'read', truckId: string | null = null): boolean {
  const screen = screenFor(pathname);
  const scoped = isTruckScreen(screen) && truckId !== null && accessList.some((entry) => entry.truckId === truckId);
  return accessList.some(
    (entry) => entry.screen === screen && entry.actions.includes(action) && (scoped ? entry.truckId === truckId : entry.truckId === undefined),
  );
}

/** The screens the list opens, in its order, each once: for the sidebar. */
export function accessibleScreens(accessList: readonly StoredEntry[], truckId: string | null = null): string[] {
  return [...new Set(accessList.map((entry) => entry.screen))].filter((screen) => canAccess(accessList, screen, 'read', truckId));
}
