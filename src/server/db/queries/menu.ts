/**
 * Reading a truck's menu as the domain shapes it: the /menu screen, the public menu, and order
 * intake (which prices lines with priceLine from @domain/menu over `menuItemsOf(db, truckId, { ids })`).
 * Deleted categories and items are left out. Reads run on the pool or inside a caller's transaction.
 */
import type { MenuCategory, MenuItem, MenuOption, MenuOptionGroup, SoldOutUntil } from '@domain/menu';
import { uploadUrl } from '@domain/uploads';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../database';
import { menuCategories, menuItems, menuOptionGroups, menuOptions, menuVersions } from '../tables/menu';

export type MenuReader = Pick<Db, 'select'>;

/** A sold-out-until already past reads as available, so nobody has to clear it at midnight. */
export function soldOutUntilOf(row: { soldOutUntil: Date | null; soldOutIndefinitely: boolean }, now: Date): SoldOutUntil {
  if (row.soldOutIndefinitely) return 'indefinitely';
  if (row.soldOutUntil && row.soldOutUntil > now) return row.soldOutUntil.toISOString();
  return null;
}

export async function menuVersionOf(db: MenuReader, truckId: string): Promise<number> {
  const [row] = await db.select({ version: menuVersions.version }).from(menuVersions).where(eq(menuVersions.truckId, truckId));
  return row?.version ?? 0;
}

export async function menuCategoriesOf(db: MenuReader, truckId: string): Promise<MenuCategory[]> {
  return db
    .select({ id: menuCategories.id, nameEn: menuCategories.nameEn, nameAr: menuCategories.nameAr, position: menuCategories.position })
    .from(menuCategories)
    .where(and(eq(menuCategories.truckId, truckId), isNull(menuCategories.deletedAt)))
    .orderBy(asc(menuCategories.position), asc(menuCategories.createdAt));
}

/** The truck's items (or just `ids` of them) with their option groups, in menu order. */
export async function menuItemsOf(db: MenuReader, truckId: string, options: { ids?: readonly string[]; now?: Date } = {}): Promise<MenuItem[]> {
  const now = options.now ?? new Date();
  if (options.ids?.length === 0) return [];
  const only = options.ids ? [...options.ids] : undefined;
  // One after another: inside a transaction they share one connection.
  const itemRows = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.truckId, truckId), isNull(menuItems.deletedAt), only ? inArray(menuItems.id, only) : undefined))
    .orderBy(asc(menuItems.position), asc(menuItems.createdAt));
  const groupRows = await db
    .select()
    .from(menuOptionGroups)
    .where(and(eq(menuOptionGroups.truckId, truckId), only ? inArray(menuOptionGroups.itemId, only) : undefined))
    .orderBy(asc(menuOptionGroups.position));
  const optionRows = await db
    .select({ option: menuOptions })
    .from(menuOptions)
    .innerJoin(menuOptionGroups, and(eq(menuOptionGroups.truckId, menuOptions.truckId), eq(menuOptionGroups.id, menuOptions.groupId)))
    .where(and(eq(menuOptions.truckId, truckId), only ? inArray(menuOptionGroups.itemId, only) : undefined))
    .orderBy(asc(menuOptions.position));

  const optionsByGroup = new Map<string, MenuOption[]>();
  for (const { option } of optionRows) {
    const list = optionsByGroup.get(option.groupId) ?? [];
    list.push({ id: option.id, nameEn: option.nameEn, nameAr: option.nameAr, priceDeltaMinor: option.priceDeltaMinor, soldOutUntil: soldOutUntilOf(option, now) });
    optionsByGroup.set(option.groupId, list);
  }
  const groupsByItem = new Map<string, MenuOptionGroup[]>();
  for (const group of groupRows) {
    const list = groupsByItem.get(group.itemId) ?? [];
    list.push({
      id: group.id,
      nameEn: group.nameEn,
      nameAr: group.nameAr,
      required: group.required,
      minSelections: group.minSelections,
      maxSelections: group.maxSelections,
      options: optionsByGroup.get(group.id) ?? [],
    });
    groupsByItem.set(group.itemId, list);
  }
  return itemRows.map((row) => ({
    id: row.id,
    categoryId: row.categoryId,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    priceMinor: row.priceMinor,
    taxCategory: row.taxCategory,
    photoId: row.photoId,
    photoUrl: row.photoId ? uploadUrl(truckId, row.photoId) : null,
    prepMinutes: row.prepMinutes,
    calories: row.calories,
    tags: row.tags,
    position: row.position,
    soldOutUntil: soldOutUntilOf(row, now),
    optionGroups: groupsByItem.get(row.id) ?? [],
  }));
}
