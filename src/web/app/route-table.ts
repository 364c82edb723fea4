/**
 * Every screen as plain data: the router builds its lazy routes from it, and the build's weight
 * budget (scripts/build/weight-budget.ts) reads the same list to weigh each route, so the two
 * cannot drift apart. Module paths are relative to src/web.
 */
// A relative path with its extension: vite.config.ts loads this file without the @domain alias.
import { SCREEN_PATHS, type ScreenPath } from '../../domain/screens.ts';

export type Layout = 'dashboard' | 'page';

export interface RouteEntry {
  path: string;
  layout: Layout;
  /** The page module; it exports `Component` (React Router's lazy-route convention). */
  page: string;
  /** 'signed-in': the seed's second list (docs/product.md §6.2), shown only to a signed-in user. */
  access: 'public' | 'signed-in';
  /** The catalogues only this screen says (i18n/namespaces.ts), loaded with its code. */
  namespaces?: readonly string[];
}

/** Keyed by the domain's list of screens (which the server reads too): a screen missing here, or one more, does not compile. */
const SCREENS: Record<ScreenPath, Omit<RouteEntry, 'path'>> = {
  '/': { layout: 'page', page: 'features/accounts/entry.page.tsx', access: 'public' },
  '/new-signup': { layout: 'page', page: 'features/accounts/signup.page.tsx', access: 'public' },
  '/home': { layout: 'dashboard', page: 'features/home/home.page.tsx', access: 'public', namespaces: ['home'] },
  '/truck-info': { layout: 'dashboard', page: 'features/trucks/truck-info.page.tsx', access: 'public' },
  '/truck-register': { layout: 'dashboard', page: 'features/trucks/truck-register.page.tsx', access: 'public' },
  '/user-profile': { layout: 'dashboard', page: 'features/accounts/user-profile.page.tsx', access: 'public' },
  '/menu': { layout: 'dashboard', page: 'features/menu/menu.page.tsx', access: 'public', namespaces: ['menu'] },
  '/orders': { layout: 'dashboard', page: 'features/orders/order-dashboard.page.tsx', access: 'public' },
  '/delivery-zones': { layout: 'dashboard', page: 'features/zones/delivery-zones.page.tsx', access: 'public', namespaces: ['zones'] },
  '/operating-hours': { layout: 'dashboard', page: 'features/hours/operating-hours.page.tsx', access: 'public', namespaces: ['hours'] },
  '/promotions': { layout: 'dashboard', page: 'features/promotions/promotions.page.tsx', access: 'public', namespaces: ['promotions'] },
  '/booking-details': { layout: 'dashboard', page: 'features/bookings/booking-dashboard.page.tsx', access: 'public', namespaces: ['bookings'] },
  '/invite': { layout: 'page', page: 'features/team/invite.page.tsx', access: 'public' },
  '/jobs/:number': { layout: 'dashboard', page: 'features/bookings/job.page.tsx', access: 'public', namespaces: ['bookings'] },
  /** The customer's quote page, opened from the quote mail: no sign-in. */
  '/booking-quote/:token': { layout: 'page', page: 'features/bookings/booking-quote.page.tsx', access: 'public', namespaces: ['bookings'] },
  '/admin/reviews': { layout: 'dashboard', page: 'features/trucks/admin-reviews.page.tsx', access: 'signed-in' },
};

export const ROUTE_TABLE: readonly RouteEntry[] = SCREEN_PATHS.map((path) => ({ path, ...SCREENS[path] }));

/** The layout module a route loads with its page; null when the layout ships with the entry chunk. */
export const LAYOUT_MODULES: Record<Layout, string | null> = {
  dashboard: 'app/shell/dashboard-layout.tsx',
  page: null,
};

/**
 * Components a feature mounts in the signed-in shell, on every dashboard screen (each module exports
 * `Component`): what must keep running whichever screen is open, such as the orders' live stream and
 * new-order ring. The shell loads them after the screen, so they never hold it up.
 */
export const SHELL_MOUNTS: readonly string[] = ['features/orders/order-alerts.shell.tsx'];
