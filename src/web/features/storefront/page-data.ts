/** What the server put into the page (storefront.page.ts): the truck, its menu and "open now?". */
import type { Availability } from '@domain/availability';
import type { StopWeek } from '@domain/hours';
import type { PublicMenu, PublicMenuItem } from '@domain/menu';
import type { StorefrontTruck } from '@domain/storefront';

export interface PageData {
  truck: StorefrontTruck;
  menu: PublicMenu | null;
  availability: Availability;
  /** The coming seven days' stops, worked out by the server. */
  week: StopWeek;
}

export type { Availability, PublicMenu, PublicMenuItem, StopWeek, StorefrontTruck };

export function readPageData(): PageData {
  const script = document.getElementById('storefront-data');
  return JSON.parse(script?.textContent ?? 'null') as PageData;
}

/** /t/{slug} or /t/{slug}/orders/{publicId}. */
export type PageRoute = { kind: 'truck'; slug: string } | { kind: 'order'; slug: string; publicId: string };

export function routeOf(pathname: string): PageRoute | null {
  const match = /^\/t\/([^/]+)(?:\/orders\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const slug = decodeURIComponent(match[1]!);
  return match[2] ? { kind: 'order', slug, publicId: decodeURIComponent(match[2]) } : { kind: 'truck', slug };
}

export const truckPath = (slug: string) => `/t/${encodeURIComponent(slug)}`;
