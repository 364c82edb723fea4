/**
 * The work behind the menu routes. Every change runs in one transaction that first bumps the
 * truck's menu version: that row lock makes concurrent edits of one menu take turns (so a reorder
 * checks and rewrites positions without interference) and tells every server process's public-menu
 * cache that it is stale, in the same commit as the change.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DomainError } from '@domain/errors';
import {
  MENU_LIMITS,
  soldOutUntilFor,
  type AvailabilityCommand,
  type AvailabilityResult,
  type CategoryInput,
  type CategoryOrder,
  type DeleteCategoryQuery,
  type ItemInput,
  type ItemOrder,
  type Menu,
  type MenuCategory,
  type MenuItem,
} from '@domain/menu';
import type { Currency } from '@domain/money';
import { and, count, eq, inArray, isNull, lt, max, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { menuCategoriesOf, menuItemsOf, menuVersionOf } from '../../db/queries/menu';
import { menuCategories, menuItems, menuOptionGroups, menuOptions, menuVersions } from '../../db/tables/menu';
import { truckUploads } from '../../db/tables/trucks';
import type { TruckAccess, TruckRow } from '../../platform/truck-access';
import { truckFilePath } from '../../platform/uploads';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A photo uploaded for an item that was never saved is removed after this long. */
const UNUSED_PHOTO_GRACE = sql`interval '1 hour'`;

export const categoryNotFound = () => new DomainError('category_not_found', 404);
export const itemNotFound = () => new DomainError('item_not_found', 404);
const menuChanged = () => new DomainError('menu_changed', 409);
const fieldProblem = (path: string, code: string) => new DomainError('validation_failed', 400, undefined, [{ path, code }]);

/** `UPDATE … FROM (VALUES …)`: every row's new position (and category) in one statement. */
function positionsSql(table: 'menu_categories' | 'menu_items', truckId: string, ids: readonly string[], place: { categoryId?: string; from?: number } = {}): SQL {
  const from = place.from ?? 0;
  const rows = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${from + index}::int)`),
    sql`, `,
  );
  const moveTo = place.categoryId ? sql`, category_id = ${place.categoryId}::uuid` : sql``;
  return sql`UPDATE ${sql.identifier(table)} AS t SET position = v.position, updated_at = now()${moveTo}
    FROM (VALUES ${rows}) AS v(id, position) WHERE t.truck_id = ${truckId}::uuid AND t.id = v.id`;
}

/** Reordering names the complete new order: unknown ids are gone, missing ones were added meanwhile. */
function checkCompleteOrder(given: readonly string[], current: ReadonlySet<string>, known: ReadonlySet<string>, notFound: () => DomainError): void {
  if (given.some((id) => !known.has(id))) throw notFound();
  const listed = new Set(given);
  if ([...current].some((id) => !listed.has(id))) throw menuChanged();
}

export function createMenuService(app: FastifyInstance) {
  const { db } = app.database;

  async function change<T>(truckId: string, work: (tx: Tx, version: number) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const [bumped] = await tx
        .insert(menuVersions)
        .values({ truckId, version: 1 })
        .onConflictDoUpdate({ target: menuVersions.truckId, set: { version: sql`${menuVersions.version} + 1`, updatedAt: sql`now()` } })
        .returning({ version: menuVersions.version });
      return work(tx, bumped!.version);
    });
  }

  const liveCategory = (truckId: string, id: string) =>
    and(eq(menuCategories.truckId, truckId), eq(menuCategories.id, id), isNull(menuCategories.deletedAt));
  const liveItem = (truckId: string, id: string) => and(eq(menuItems.truckId, truckId), eq(menuItems.id, id), isNull(menuItems.deletedAt));

  async function nextItemPosition(tx: Tx, truckId: string, categoryId: string): Promise<number> {
    const [row] = await tx
      .select({ last: max(menuItems.position) })
      .from(menuItems)
      .where(and(eq(menuItems.truckId, truckId), eq(menuItems.categoryId, categoryId), isNull(menuItems.deletedAt)));
    return (row?.last ?? -1) + 1;
  }

  /** The category and photo an item names must be this truck's own. */
  async function checkReferences(tx: Tx, truckId: string, input: ItemInput): Promise<void> {
    const [category] = await tx.select({ id: menuCategories.id }).from(menuCategories).where(liveCategory(truckId, input.categoryId));
    if (!category) throw fieldProblem('categoryId', 'category_unknown');
    if (input.photoId) {
      const [photo] = await tx
        .select({ id: truckUploads.id })
        .from(truckUploads)
        .where(and(eq(truckUploads.truckId, truckId), eq(truckUploads.id, input.photoId), eq(truckUploads.purpose, 'menu_photo')));
      if (!photo) throw fieldProblem('photoId', 'photo_unknown');
    }
  }

  /**
   * Writes the item's option groups as given. Groups and options keep the ids they came with when
   * those are this item's (so a sold-out option stays sold out through an edit of its price); any
   * other id is replaced by a new one.
   */
  async function writeOptionGroups(tx: Tx, truckId: string, itemId: string, groups: ItemInput['optionGroups']): Promise<void> {
    const oldGroups = await tx
      .select({ id: menuOptionGroups.id })
      .from(menuOptionGroups)
      .where(and(eq(menuOptionGroups.truckId, truckId), eq(menuOptionGroups.itemId, itemId)));
    const oldGroupIds = new Set(oldGroups.map((group) => group.id));
    const oldOptions = oldGroupIds.size
      ? await tx
          .select()
          .from(menuOptions)
          .where(and(eq(menuOptions.truckId, truckId), inArray(menuOptions.groupId, [...oldGroupIds])))
      : [];
    const oldOptionById = new Map(oldOptions.map((option) => [option.id, option]));
    if (oldGroupIds.size) await tx.delete(menuOptionGroups).where(and(eq(menuOptionGroups.truckId, truckId), eq(menuOptionGroups.itemId, itemId)));
    if (groups.length === 0) return;

    const groupRows = groups.map((group, position) => ({
      truckId,
      id: group.id && oldGroupIds.has(group.id) ? group.id : randomUUID(),
      itemId,
      nameEn: group.nameEn,
      nameAr: group.nameAr,
      required: group.required,
      minSelections: group.minSelections,
      maxSelections: group.maxSelections,
      position,
    }));
    await tx.insert(menuOptionGroups).values(groupRows);
    const optionRows = groups.flatMap((group, g) =>
      group.options.map((option, position) => {
        const previous = option.id ? oldOptionById.get(option.id) : undefined;
        return {
          truckId,
          id: previous?.id ?? randomUUID(),
          groupId: groupRows[g]!.id,
          nameEn: option.nameEn,
          nameAr: option.nameAr,
          priceDeltaMinor: option.priceDeltaMinor,
          position,
          soldOutUntil: previous?.soldOutUntil ?? null,
          soldOutIndefinitely: previous?.soldOutIndefinitely ?? false,
        };
      }),
    );
    await tx.insert(menuOptions).values(optionRows);
  }

  async function itemOf(tx: Tx, truckId: string, itemId: string): Promise<MenuItem> {
    const [item] = await menuItemsOf(tx, truckId, { ids: [itemId] });
    if (!item) throw itemNotFound();
    return item;
  }

  /** Menu photos no item uses, older than the grace period: rows and files go. Best effort, after the change. */
  async function pruneUnusedPhotos(truckId: string): Promise<void> {
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
      await Promise.all(removed.map((row) => rm(truckFilePath(app.config.uploadsDir, row.truckId, row.id, row.mime), { force: true })));
    } catch (error) {
      app.log.warn({ err: error, truckId }, 'pruning unused menu photos failed');
    }
  }

  return {
    /** One consistent picture: the version and the rows it describes come from the same snapshot. */
    async view({ truck, relation }: TruckAccess): Promise<Menu> {
      return db.transaction(
        async (tx) => {
          const version = await menuVersionOf(tx, truck.id);
          const categories = await menuCategoriesOf(tx, truck.id);
          const items = await menuItemsOf(tx, truck.id);
          return { truckId: truck.id, relation, currency: truck.currency as Currency, timeZone: truck.timeZone, version, categories, items };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    async createCategory(truck: TruckRow, input: CategoryInput): Promise<MenuCategory> {
      return change(truck.id, async (tx) => {
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
      return change(truck.id, async (tx) => {
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
      await change(truck.id, async (tx) => {
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
      await change(truck.id, async (tx) => {
        const current = new Set((await menuCategoriesOf(tx, truck.id)).map((category) => category.id));
        checkCompleteOrder(order.ids, current, current, categoryNotFound);
        await tx.execute(positionsSql('menu_categories', truck.id, order.ids));
      });
    },

    async createItem(truck: TruckRow, input: ItemInput): Promise<MenuItem> {
      const item = await change(truck.id, async (tx) => {
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
      const item = await change(truck.id, async (tx) => {
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
      await change(truck.id, async (tx) => {
        const [row] = await tx.update(menuItems).set({ deletedAt: new Date() }).where(liveItem(truck.id, itemId)).returning({ id: menuItems.id });
        if (!row) throw itemNotFound();
      });
    },

    async reorderItems(truck: TruckRow, order: ItemOrder): Promise<void> {
      await change(truck.id, async (tx) => {
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

    /** Sold out now, until the truck's local midnight, or available again; all or nothing. */
    async setAvailability(truck: TruckRow, command: AvailabilityCommand, now = new Date()): Promise<AvailabilityResult> {
      const soldOutUntil = soldOutUntilFor(command.state, truck.timeZone, now);
      const columns = {
        soldOutUntil: soldOutUntil === null || soldOutUntil === 'indefinitely' ? null : new Date(soldOutUntil),
        soldOutIndefinitely: soldOutUntil === 'indefinitely',
      };
      const itemIds = [...new Set(command.itemIds)];
      const optionIds = [...new Set(command.optionIds)];
      return change(truck.id, async (tx, version) => {
        const items = itemIds.length
          ? await tx
              .update(menuItems)
              .set(columns)
              .where(and(eq(menuItems.truckId, truck.id), inArray(menuItems.id, itemIds), isNull(menuItems.deletedAt)))
              .returning({ id: menuItems.id })
          : [];
        if (items.length !== itemIds.length) throw itemNotFound();
        const options = optionIds.length
          ? await tx
              .update(menuOptions)
              .set(columns)
              .where(and(eq(menuOptions.truckId, truck.id), inArray(menuOptions.id, optionIds)))
              .returning({ id: menuOptions.id })
          : [];
        if (options.length !== optionIds.length) throw new DomainError('option_not_found', 404);
        return {
          version,
          items: items.map(({ id }) => ({ id, soldOutUntil })),
          options: options.map(({ id }) => ({ id, soldOutUntil })),
        };
      });
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
