/**
 * What every menu change shares. A change runs in one transaction that first bumps the truck's menu
 * version: that row lock makes concurrent edits of one menu take turns (so a reorder checks and
 * rewrites positions without interference) and tells every server process's public-menu cache that it
 * is stale, in the same commit as the change. Also here: the errors, the "live row" conditions and the
 * position writes that categories and items both use.
 */
import { DomainError } from '@domain/errors';
import { and, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { menuCategories, menuItems, menuVersions } from '../../db/tables/menu';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const categoryNotFound = () => new DomainError('category_not_found', 404);
export const itemNotFound = () => new DomainError('item_not_found', 404);
const menuChanged = () => new DomainError('menu_changed', 409);
export const fieldProblem = (path: string, code: string) => new DomainError('validation_failed', 400, undefined, [{ path, code }]);

/** Runs `work` in the transaction that bumps the truck's menu version; `work` gets the new version. */
export async function changeMenu<T>(db: Db, truckId: string, work: (tx: Tx, version: number) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [bumped] = await tx
      .insert(menuVersions)
      .values({ truckId, version: 1 })
      .onConflictDoUpdate({ target: menuVersions.truckId, set: { version: sql`${menuVersions.version} + 1`, updatedAt: sql`now()` } })
      .returning({ version: menuVersions.version });
    return work(tx, bumped!.version);
  });
}

export const liveCategory = (truckId: string, id: string) =>
  and(eq(menuCategories.truckId, truckId), eq(menuCategories.id, id), isNull(menuCategories.deletedAt));
export const liveItem = (truckId: string, id: string) => and(eq(menuItems.truckId, truckId), eq(menuItems.id, id), isNull(menuItems.deletedAt));

export async function nextItemPosition(tx: Tx, truckId: string, categoryId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(menuItems.position) })
    .from(menuItems)
    .where(and(eq(menuItems.truckId, truckId), eq(menuItems.categoryId, categoryId), isNull(menuItems.deletedAt)));
  return (row?.last ?? -1) + 1;
}

/** `UPDATE … FROM (VALUES …)`: every row's new position (and category) in one statement. */
export function positionsSql(table: 'menu_categories' | 'menu_items', truckId: string, ids: readonly string[], place: { categoryId?: string; from?: number } = {}): SQL {
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
export function checkCompleteOrder(given: readonly string[], current: ReadonlySet<string>, known: ReadonlySet<string>, notFound: () => DomainError): void {
  if (given.some((id) => !known.has(id))) throw notFound();
  const listed = new Set(given);
  if ([...current].some((id) => !listed.has(id))) throw menuChanged();
}
