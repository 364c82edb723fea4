/**
 * The screens of the seed (docs/product.md §6.2) plus /jobs/{n}, each loaded lazily from its feature,
 * built from the route table. `layout` keeps the seed's layout state: 'dashboard' (sidebar and navbar)
 * or 'page' (full-page screens).
 */
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { LazyNamespace } from '../i18n/namespaces';
import { ROUTE_TABLE, type Layout, type RouteEntry } from './route-table';
import type { AppDispatch, RootState } from './store';

export type { Layout };

export interface ScreenRoute {
  path: string;
  layout: Layout;
  lazy: () => Promise<PageModule>;
}

/**
 * Starts the reads a screen's first render shows, for the current truck (null: the user has none;
 * the requests go through the cache, and the page's early reads usually answer them already): the
 * router waits for them, a little, with the screen's code, so that the screen's first paint shows
 * its data rather than a loading state and then the data, a render and a paint later.
 */
export type FirstReads = (dispatch: AppDispatch, truckId: string | null, state: RootState) => readonly PromiseLike<unknown>[];

/** A page module exports its screen as `Component`, React Router's lazy-route convention, and may export its `firstReads`. */
export interface PageModule {
  Component: ComponentType;
  firstReads?: FirstReads;
}

const pageModules = import.meta.glob<PageModule>('../features/*/*.page.tsx');

function toScreen(entry: RouteEntry): ScreenRoute {
  const load = pageModules[`../${entry.page}`];
  if (!load) throw new Error(`route ${entry.path}: no page module at src/web/${entry.page}`);
  // route-table.ts is plain data (the build reads it too); namespaces.test.ts checks the names.
  const namespaces = (entry.namespaces ?? []) as readonly LazyNamespace[];
  // The screen's own words come with its code, in parallel, so it never renders without them.
  const words = () => import('../i18n/namespaces').then(({ loadNamespaces }) => loadNamespaces(namespaces));
  const lazy = namespaces.length === 0 ? load : async () => (await Promise.all([load(), words()]))[0];
  return { path: entry.path, layout: entry.layout, lazy };
}

export const SCREENS: ScreenRoute[] = ROUTE_TABLE.filter((e) => e.access === 'public').map(toScreen);

/** The seed's second list: shown only to a signed-in user (the admin screens, for Admin only). */
export const PROTECTED_EXTRA_SCREENS: ScreenRoute[] = ROUTE_TABLE.filter((e) => e.access === 'signed-in').map(toScreen);

/** Paths the seed's redirect rules treat as known (docs/product.md §6.4 rule 3). */
export const KNOWN_PATHS = SCREENS.map((s) => s.path).filter((p) => !p.includes(':'));

const JOB_PATH = /^\/jobs\/\d+$/;

const BACK_OFFICE_PATTERNS = ROUTE_TABLE.filter((e) => e.layout === 'dashboard').map((e) => e.path);

/** The signed-in screens (the dashboard's): a visitor without a session is sent to sign in first. */
export function isBackOfficePath(pathname: string): boolean {
  return BACK_OFFICE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}
const TITLED_PATHS = new Set(ROUTE_TABLE.map((e) => e.path).filter((p) => !p.includes(':')));

/** The catalogue key (common namespace) of a path's title; unknown paths get the not-found title. */
export function routeTitleKey(pathname: string): string {
  if (JOB_PATH.test(pathname)) return 'routes./jobs';
  if (pathname.startsWith('/booking-quote/')) return 'routes./booking-quote';
  if (TITLED_PATHS.has(pathname)) return `routes.${pathname}`;
  return 'notFound.title';
}
