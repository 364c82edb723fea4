/** Which screens the sidebar lists, and which entry a path selects. */
import { accessibleScreens } from '@domain/access';
import type { AccessEntry } from '../../features/accounts/session.slices';
import { ROUTE_TABLE } from '../route-table';

const MENU_SCREENS = new Set(ROUTE_TABLE.filter((e) => e.layout === 'dashboard' && !e.path.includes(':')).map((e) => e.path));

/** Until the access list arrives (the accounts issue fills it), every public dashboard screen. */
export const DEFAULT_SIDEBAR_ENTRIES = ROUTE_TABLE.filter((e) => e.layout === 'dashboard' && e.access === 'public' && !e.path.includes(':')).map(
  (e) => e.path,
);

/**
 * The access list's screens in its order (the server orders it), keeping only screens the sidebar can
 * show; a truck screen follows the user's role on the current truck (staff see orders, not hours).
 */
export function sidebarEntries(accessList: readonly AccessEntry[], truckId: string | null = null): string[] {
  if (accessList.length === 0) return DEFAULT_SIDEBAR_ENTRIES;
  return accessibleScreens(accessList, truckId).filter((screen) => MENU_SCREENS.has(screen));
}

/** The menu key a path selects: a booking job (/jobs/{n}) belongs to the booking dashboard. */
export function menuKeyFor(pathname: string): string | undefined {
  if (/^\/jobs\/\d+$/.test(pathname)) return '/booking-details';
  return MENU_SCREENS.has(pathname) ? pathname : undefined;
}
