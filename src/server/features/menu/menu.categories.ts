/** The menu's categories: add, rename, delete (with or without their items), reorder. */
import { DomainError } from '@domain/errors';
import { MENU_LIMITS, type CategoryInput, type CategoryOrder, type DeleteCategoryQuery, type MenuCategory } from '@domain/menu';
import { and, count, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { menuCategoriesOf } from '../../db/queries/menu';
import { menuCategories, menuItems } from '../../db/tables/menu';
import type { TruckRow } from '../../platform/truck-access';
import { categoryNotFound, changeMenu, checkCompleteOrder, fieldProblem, liveCategory, nextItemPosition, positionsSql } from './menu.change';

export function menuCategoryCommands(db: Db) {
  return {
    async createCategory(truck: TruckRow, input: CategoryInput): Promise<MenuCategory> {
      return changeMenu(db, truck.id, async (tx) => {
        const [stats] = await tx
          .select({ n: count(), last: max(menuCategories.position) })
          .from(menuCategories)
          .where(and(eq(menuCategories.truckId, truck.id), isNull(menuCategories.deletedAt)));
        if ((stats?.n ?? 0) >= MENU_LIMITS.categories) throw new DomainError('menu_limit', 409, { max: MENU_LIMITS.categories });
        const [row] = await tx
          .insert(menuCategories)
          .values({ truckId: truck.id, nameEn: input.nameEn, nameAr: input.nameAr, position: (stats?.last ?? -1) + 1 })
          .returning();
        return { id: row!.id, nameEn: row!.nameEn, nameAr: row!.nameAr, position: row!.position };
      });
    },

    async updateCategory(truck: TruckRow, categoryId: string, input: CategoryInput): Promise<MenuCategory> {
      return changeMenu(db, truck.id, async (tx) => {
        const [row] = await tx
          .update(menuCategories)
          .set({ nameEn: input.nameEn, nameAr: input.nameAr, updatedAt: new Date() })
          .where(liveCategory(truck.id, categoryId))
          .returning();
        if (!row) throw categoryNotFound();
        return { id: row.id, nameEn: row.nameEn, nameAr: row.nameAr, position: row.position };
      });
    },

    /** A category with items is deleted only once told to move them elsewhere or delete them too. */
    async deleteCategory(truck: TruckRow, categoryId: string, query: DeleteCategoryQuery): Promise<void> {
      await changeMenu(db, truck.id, async (tx) => {
        const [category] = await tx.select({ id: menuCategories.id }).from(menuCategories).where(liveCategory(truck.id, categoryId));
        if (!category) throw categoryNotFound();
        const items = await tx
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(and(eq(menuItems.truckId, truck.id), eq(menuItems.categoryId, categoryId), isNull(menuItems.deletedAt)))
          .orderBy(menuItems.position, menuItems.createdAt);
        const now = new Date();
        if (items.length > 0) {
          if (!query.items) throw new DomainError('category_not_empty', 409, { itemCount: items.length });
          if (query.items === 'move') {
            const target = query.moveTo!;
            const [exists] = target === categoryId ? [] : await tx.select({ id: menuCategories.id }).from(menuCategories).where(liveCategory(truck.id, target));
            if (!exists) throw fieldProblem('moveTo', 'move_target_invalid');
            const from = await nextItemPosition(tx, truck.id, target);
            await tx.execute(positionsSql('menu_items', truck.id, items.map((item) => item.id), { categoryId: target, from }));
          } else {
            await tx.update(menuItems).set({ deletedAt: now }).where(and(eq(menuItems.truckId, truck.id), eq(menuItems.categoryId, categoryId), isNull(menuItems.deletedAt)));
          }
        }
        await tx.update(menuCategories).set({ deletedAt: now }).where(liveCategory(truck.id, categoryId));
      });
    },

    async reorderCategories(truck: TruckRow, order: CategoryOrder): Promise<void> {
      await changeMenu(db, truck.id, async (tx) => {
        const current = new Set((await menuCategoriesOf(tx, truck.id)).map((category) => category.id));
        checkCompleteOrder(order.ids, current, current, categoryNotFound);
        await tx.execute(positionsSql('menu_categories', truck.id, order.ids));
      });
    },
  };
}
