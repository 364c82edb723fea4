/** The menu's items: add, replace (with their option groups), delete, reorder within a category. */
import { DomainError } from '@domain/errors';
import { MENU_LIMITS, type ItemInput, type ItemOrder, type MenuItem } from '@domain/menu';
import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { menuItemsOf } from '../../db/queries/menu';
import { menuCategories, menuItems } from '../../db/tables/menu';
import type { TruckRow } from '../../platform/truck-access';
import { categoryNotFound, changeMenu, checkCompleteOrder, fieldProblem, itemNotFound, liveCategory, liveItem, nextItemPosition, positionsSql, type Tx } from './menu.change';
import { writeOptionGroups } from './menu.options';
import { menuPhotoOf } from './menu.photos';

/** The category and photo an item names must be this truck's own. */
async function checkReferences(tx: Tx, truckId: string, input: ItemInput): Promise<void> {
  const [category] = await tx.select({ id: menuCategories.id }).from(menuCategories).where(liveCategory(truckId, input.categoryId));
  if (!category) throw fieldProblem('categoryId', 'category_unknown');
  if (input.photoId) {
    const photo = await menuPhotoOf(tx, truckId, input.photoId);
    if (!photo) throw fieldProblem('photoId', 'photo_unknown');
  }
}

async function itemOf(tx: Tx, truckId: string, itemId: string): Promise<MenuItem> {
  const [item] = await menuItemsOf(tx, truckId, { ids: [itemId] });
  if (!item) throw itemNotFound();
  return item;
}

/** `pruneUnusedPhotos` runs after an item is saved (menu.photos.ts). */
export function menuItemCommands(db: Db, pruneUnusedPhotos: (truckId: string) => Promise<void>) {
  return {
    async createItem(truck: TruckRow, input: ItemInput): Promise<MenuItem> {
      const item = await changeMenu(db, truck.id, async (tx) => {
        await checkReferences(tx, truck.id, input);
        const [stats] = await tx.select({ n: count() }).from(menuItems).where(and(eq(menuItems.truckId, truck.id), isNull(menuItems.deletedAt)));
        if ((stats?.n ?? 0) >= MENU_LIMITS.items) throw new DomainError('menu_limit', 409, { max: MENU_LIMITS.items });
        const { optionGroups, ...fields } = input;
        const [row] = await tx
          .insert(menuItems)
          .values({ ...fields, truckId: truck.id, position: await nextItemPosition(tx, truck.id, input.categoryId) })
          .returning({ id: menuItems.id });
        await writeOptionGroups(tx, truck.id, row!.id, optionGroups);
        return itemOf(tx, truck.id, row!.id);
      });
      await pruneUnusedPhotos(truck.id);
      return item;
    },

    /** The whole item as the editor holds it; moving it to another category puts it last there. */
    async replaceItem(truck: TruckRow, itemId: string, input: ItemInput): Promise<MenuItem> {
      const item = await changeMenu(db, truck.id, async (tx) => {
        const [existing] = await tx.select({ categoryId: menuItems.categoryId }).from(menuItems).where(liveItem(truck.id, itemId));
        if (!existing) throw itemNotFound();
        await checkReferences(tx, truck.id, input);
        const { optionGroups, ...fields } = input;
        const moved = existing.categoryId !== input.categoryId;
        await tx
          .update(menuItems)
          .set({ ...fields, updatedAt: new Date(), ...(moved ? { position: await nextItemPosition(tx, truck.id, input.categoryId) } : {}) })
          .where(liveItem(truck.id, itemId));
        await writeOptionGroups(tx, truck.id, itemId, optionGroups);
        return itemOf(tx, truck.id, itemId);
      });
      await pruneUnusedPhotos(truck.id);
      return item;
    },

    /** Soft: order lines made from the item may still name it. */
    async deleteItem(truck: TruckRow, itemId: string): Promise<void> {
      await changeMenu(db, truck.id, async (tx) => {
        const [row] = await tx.update(menuItems).set({ deletedAt: new Date() }).where(liveItem(truck.id, itemId)).returning({ id: menuItems.id });
        if (!row) throw itemNotFound();
      });
    },

    async reorderItems(truck: TruckRow, order: ItemOrder): Promise<void> {
      await changeMenu(db, truck.id, async (tx) => {
        const [category] = await tx.select({ id: menuCategories.id }).from(menuCategories).where(liveCategory(truck.id, order.categoryId));
        if (!category) throw categoryNotFound();
        const listed = await tx
          .select({ id: menuItems.id, categoryId: menuItems.categoryId })
          .from(menuItems)
          .where(and(eq(menuItems.truckId, truck.id), isNull(menuItems.deletedAt), or(inArray(menuItems.id, order.ids), eq(menuItems.categoryId, order.categoryId))));
        const current = new Set(listed.filter((item) => item.categoryId === order.categoryId).map((item) => item.id));
        checkCompleteOrder(order.ids, current, new Set(listed.map((item) => item.id)), itemNotFound);
        await tx.execute(positionsSql('menu_items', truck.id, order.ids, { categoryId: order.categoryId }));
      });
    },
  };
}
