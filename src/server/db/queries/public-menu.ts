/**
 * The customers' menu, built once and served from memory until it changes. With several server
 * processes each keeps its own copy, built at a stamp (the truck's menu version and when the truck
 * itself last changed); the stamp comes from the read cache, which drops it when the truck or its
 * menu changes (`truck:` and `menu:` notifications, migrations 0001 and 0011), in every process, so
 * an unchanged menu costs no database round trip. A copy is rebuilt when the stamp differs from what
 * it was built at, or when a sold-out-until has passed since. The answer carries a weak ETag of its
 * bytes, so an unchanged menu costs a client a 304.
 */
import { createHash } from 'node:crypto';
import { publicMenuAt, type PublicMenu } from '@domain/menu';
import type { Currency } from '@domain/money';
import { eq } from 'drizzle-orm';
import type { ReadCache } from '../read-cache';
import type { Db } from '../database';
import { menuCategoriesOf, menuItemsOf } from './menu';
import { truckIdOfSlug } from './truck-slug';
import { menuVersions } from '../tables/menu';
import { trucks } from '../tables/trucks';

export interface PublicMenuReply {
  etag: string;
  body: Buffer;
}

interface Entry extends PublicMenuReply {
  stamp: string;
  changesAt: number | null;
}

/** Enough for every truck one process serves; beyond it the least recently used copy goes. */
const MAX_ENTRIES = 1000;

export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function createPublicMenuCache(db: Db, readCache: ReadCache) {
  const entries = new Map<string, Entry>();

  async function build(truckId: string, truck: PublicMenu['truck'], stamp: string, now: Date): Promise<Entry> {
    const categories = await menuCategoriesOf(db, truckId);
    const items = await menuItemsOf(db, truckId, { now });
    const { menu, changesAt } = publicMenuAt({ truck, categories, items }, now);
    const body = Buffer.from(JSON.stringify(menu));
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { stamp, changesAt: changesAt?.getTime() ?? null, etag, body };
  }

  async function stampOf(truckId: string) {
    const [truck] = await db
      .select({
        id: trucks.id,
        status: trucks.status,
        slug: trucks.slug,
        nameEn: trucks.nameEn,
        nameAr: trucks.nameAr,
        currency: trucks.currency,
        updatedAt: trucks.updatedAt,
        version: menuVersions.version,
      })
      .from(trucks)
      .leftJoin(menuVersions, eq(menuVersions.truckId, trucks.id))
      .where(eq(trucks.id, truckId));
    return truck;
  }

  return {
    /** The menu of the approved truck with this slug; null when there is none to show. */
    async get(slug: string, now = new Date()): Promise<PublicMenuReply | null> {
      const truckId = await truckIdOfSlug(db, readCache, slug);
      if (!truckId) return null;
      const truck = await readCache.remember(`public-menu:${truckId}`, [`truck:${truckId}`, `menu:${truckId}`], () => stampOf(truckId));
      if (!truck || truck.status !== 'approved' || !truck.slug) return null;

      const stamp = `${truck.version ?? 0}:${truck.updatedAt.getTime()}`;
      const cached = entries.get(truck.id);
      entries.delete(truck.id);
      const fresh = cached && cached.stamp === stamp && (cached.changesAt === null || now.getTime() < cached.changesAt);
      const entry = fresh
        ? cached
        : await build(truck.id, { slug: truck.slug, nameEn: truck.nameEn, nameAr: truck.nameAr, currency: truck.currency as Currency }, stamp, now);
      entries.set(truck.id, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return entry;
    },
  };
}
