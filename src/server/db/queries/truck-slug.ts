/**
 * The truck a public slug names, from the read cache: a slug always names the same truck (slugs are
 * only ever added), and a removed one notifies `slug:<slug>` (migration 0010).
 */
import { eq } from 'drizzle-orm';
import type { ReadCache } from '../read-cache';
import type { Db } from '../database';
import { truckSlugs } from '../tables/trucks';

export function truckIdOfSlug(db: Db, readCache: ReadCache, slug: string): Promise<string | undefined> {
  return readCache.remember(`public-slug:${slug}`, [`slug:${slug}`], async () => {
    const [row] = await db.select({ id: truckSlugs.truckId }).from(truckSlugs).where(eq(truckSlugs.slug, slug));
    return row?.id;
  });
}
