/**
 * The work behind the menu routes, one module a responsibility: every change bumps the truck's menu
 * version in its transaction (menu.change.ts); categories (menu.categories.ts); items
 * (menu.items.ts) with their option groups (menu.options.ts) and photos (menu.photos.ts); sold-out
 * taps (menu.availability.ts). The public menu by slug is db/queries/public-menu.ts.
 */
import type { AvailabilityCommand, Menu } from '@domain/menu';
import type { Currency } from '@domain/money';
import type { FastifyInstance } from 'fastify';
import { menuCategoriesOf, menuItemsOf, menuVersionOf } from '../../db/queries/menu';
import type { TruckAccess, TruckRow } from '../../platform/truck-access';
import { setAvailability } from './menu.availability';
import { menuCategoryCommands } from './menu.categories';
import { menuItemCommands } from './menu.items';
import { unusedPhotoPruner } from './menu.photos';

export function createMenuService(app: FastifyInstance) {
  const { db } = app.database;

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
    ...menuCategoryCommands(db),
    ...menuItemCommands(db, unusedPhotoPruner(db, app.config.uploadsDir, app.log)),
    /** Sold out now, until the truck's local midnight, or available again; all or nothing. */
    setAvailability: (truck: TruckRow, command: AvailabilityCommand, now = new Date()) => setAvailability(db, truck, command, now),
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
