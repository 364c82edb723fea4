/** Sold-out taps: items and options sold out now, until the truck's local midnight, or available again. */
import { DomainError } from '@domain/errors';
import { soldOutUntilFor, type AvailabilityCommand, type AvailabilityResult } from '@domain/menu';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { menuItems, menuOptions } from '../../db/tables/menu';
import type { TruckRow } from '../../platform/truck-access';
import { changeMenu, itemNotFound } from './menu.change';

/** All or nothing; the result carries the menu version the change made. */
export async function setAvailability(db: Db, truck: TruckRow, command: AvailabilityCommand, now = new Date()): Promise<AvailabilityResult> {
  const soldOutUntil = soldOutUntilFor(command.state, truck.timeZone, now);
  const columns = {
    soldOutUntil: soldOutUntil === null || soldOutUntil === 'indefinitely' ? null : new Date(soldOutUntil),
    soldOutIndefinitely: soldOutUntil === 'indefinitely',
  };
  const itemIds = [...new Set(command.itemIds)];
  const optionIds = [...new Set(command.optionIds)];
  return changeMenu(db, truck.id, async (tx, version) => {
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
}
