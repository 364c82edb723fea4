/** Menu photos: an item's photo must be the truck's own, and photos no item uses are removed after a while. */
import { rm } from 'node:fs/promises';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { menuItems } from '../../db/tables/menu';
import { truckUploads } from '../../db/tables/trucks';
import { truckFilePath } from '../../platform/uploads';
import type { Tx } from './menu.change';

/** A photo uploaded for an item that was never saved is removed after this long. */
const UNUSED_PHOTO_GRACE = sql`interval '1 hour'`;

/** The truck's own menu photo, or undefined. */
export async function menuPhotoOf(tx: Tx, truckId: string, photoId: string): Promise<{ id: string } | undefined> {
  const [photo] = await tx
    .select({ id: truckUploads.id })
    .from(truckUploads)
    .where(and(eq(truckUploads.truckId, truckId), eq(truckUploads.id, photoId), eq(truckUploads.purpose, 'menu_photo')));
  return photo;
}

/** Menu photos no item uses, older than the grace period: rows and files go. Best effort, after the change. */
export function unusedPhotoPruner(db: Db, uploadsDir: string, log: FastifyBaseLogger) {
  return async function pruneUnusedPhotos(truckId: string): Promise<void> {
    try {
      const used = db.select({ id: menuItems.photoId }).from(menuItems).where(and(eq(menuItems.truckId, truckId), sql`${menuItems.photoId} IS NOT NULL`));
      const removed = await db
        .delete(truckUploads)
        .where(
          and(
            eq(truckUploads.truckId, truckId),
            eq(truckUploads.purpose, 'menu_photo'),
            lt(truckUploads.createdAt, sql`now() - ${UNUSED_PHOTO_GRACE}`),
            notInArray(truckUploads.id, used),
          ),
        )
        .returning();
      await Promise.all(removed.map((row) => rm(truckFilePath(uploadsDir, row.truckId, row.id, row.mime), { force: true })));
    } catch (error) {
      log.warn({ err: error, truckId }, 'pruning unused menu photos failed');
    }
  };
}
