/**
 * What the customer's truck page shows of a truck, read by its slug: the truck itself (no private
 * fields), its menu (the same cached public menu the API serves) and "open now?" from the one shared
 * availability function. Any truck with a slug has a page; one that may not trade says why.
 */
import type { Availability } from '@domain/availability';
import type { StopWeek } from '@domain/hours';
import type { PublicMenu } from '@domain/menu';
import { taxSettingsOf, type Currency } from '@domain/money';
import type { StorefrontTruck } from '@domain/storefront';
import { uploadUrl } from '@domain/uploads';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createPublicMenuCache } from '../../db/queries/public-menu';
import { truckSlugs, trucks } from '../../db/tables/trucks';
import { createPublicAvailability } from '../../platform/public-availability';
import { createStopsService } from './stops.service';

export interface StorefrontPage {
  truck: StorefrontTruck;
  /** Null while the truck may not show a menu (not approved). */
  menu: PublicMenu | null;
  /** The menu as the API serves it, to embed as is. */
  menuJson: string | null;
  availability: Availability;
  /** The coming seven days' stops (stops.service.ts). */
  week: StopWeek;
  /** The truck's id, for the server's own use (never written into the page). */
  truckId: string;
}

export function createStorefrontService(app: FastifyInstance) {
  const { db } = app.database;
  const menus = createPublicMenuCache(db, app.readCache);
  const publicAvailability = createPublicAvailability(app);
  const stops = createStopsService(app);
  /** The parsed menu of each cached body, so JSON-LD costs no parse while the menu is unchanged. */
  const parsed = new WeakMap<Buffer, PublicMenu>();

  async function page(slug: string, now = new Date()): Promise<StorefrontPage | null> {
    const [row] = await db
      .select({ truck: trucks })
      .from(truckSlugs)
      .innerJoin(trucks, eq(trucks.id, truckSlugs.truckId))
      .where(eq(truckSlugs.slug, slug));
    if (!row) return null;
    const { truck } = row;
    const [open, menuReply, week] = await Promise.all([publicAvailability.at(slug, now), menus.get(slug, now), stops.week(truck, now)]);
    if (!open || !week) return null;
    const { blocks } = open;
    const spot = open.span.shift?.spot;
    const base = truck.lat !== null && truck.lng !== null ? { address: truck.address, lat: truck.lat, lng: truck.lng } : null;
    let menu: PublicMenu | null = null;
    if (menuReply) {
      menu = parsed.get(menuReply.body) ?? (JSON.parse(menuReply.body.toString('utf8')) as PublicMenu);
      parsed.set(menuReply.body, menu);
    }
    const photoId = truck.photoIds[0];
    return {
      truck: {
        slug,
        nameEn: truck.nameEn,
        nameAr: truck.nameAr,
        descriptionEn: truck.descriptionEn,
        descriptionAr: truck.descriptionAr,
        cuisines: truck.cuisines as StorefrontTruck['cuisines'],
        phone: truck.phone,
        logoUrl: truck.logoId ? uploadUrl(truck.id, truck.logoId) : null,
        photoUrl: photoId ? uploadUrl(truck.id, photoId) : null,
        currency: truck.currency as Currency,
        timeZone: truck.timeZone,
        spot: spot ?? base,
        takesBookings: truck.availableToArrive && blocks.length === 0,
        notTrading: blocks.length === 0 ? null : blocks.some((block) => block.code === 'truck_not_approved') ? 'not_approved' : 'papers_expired',
        tax: taxSettingsOf(truck),
        tips: { enabled: truck.tipsEnabled, presetsBp: truck.tipPresetsBp, capBp: truck.tipCapBp },
      },
      menu,
      menuJson: menuReply ? menuReply.body.toString('utf8') : null,
      availability: open.answer(),
      week,
      truckId: truck.id,
    };
  }

  return { page };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
