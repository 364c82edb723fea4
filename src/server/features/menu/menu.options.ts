/** An item's option groups and their options, written with the item. */
import { randomUUID } from 'node:crypto';
import type { ItemInput } from '@domain/menu';
import { and, eq, inArray } from 'drizzle-orm';
import { menuOptionGroups, menuOptions } from '../../db/tables/menu';
import type { Tx } from './menu.change';

/**
 * Writes the item's option groups as given. Groups and options keep the ids they came with when
 * those are this item's (so a sold-out option stays sold out through an edit of its price); any
 * other id is replaced by a new one.
 */
export async function writeOptionGroups(tx: Tx, truckId: string, itemId: string, groups: ItemInput['optionGroups']): Promise<void> {
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
