/**
 * The menu over HTTP. The truck's owner edits everything; staff read the menu and switch
 * availability, nothing else; anyone else gets the 404 of a truck that does not exist. Customers
 * read the public menu by the truck's slug. The work is in menu.service.ts (and the modules it
 * names) and db/queries/public-menu.ts.
 */
import {
  AvailabilityCommandSchema,
  AvailabilityResultSchema,
  CategoryInputSchema,
  CategoryOrderSchema,
  DeleteCategoryQuerySchema,
  ItemInputSchema,
  ItemOrderSchema,
  MenuCategorySchema,
  MenuItemSchema,
  MenuSchema,
  PublicMenuSchema,
} from '@domain/menu';
import { DomainError } from '@domain/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, truckAccessOf, truckGuard } from '../../platform/truck-access';
import { NoContent, truckOf, TruckParams, truckRouteOptions, TruckSlugParams } from '../../platform/truck-routes';
import { createMenuService } from './menu.service';
import { createPublicMenuCache, matchesEtag } from '../../db/queries/public-menu';

const tags = ['menu'];
const truckRoute = truckRouteOptions(tags);

const CategoryParams = TruckParams.extend({ categoryId: z.uuid() });
const ItemParams = TruckParams.extend({ itemId: z.uuid() });

const ownerOnly = truckGuard(can('menu.edit'));
const availability = truckGuard(can('menu.availability'));

export async function menuRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const menu = createMenuService(instance);
  const publicMenus = createPublicMenuCache(instance.database.db, instance.readCache);

  app.get(
    '/trucks/:truckId/menu',
    truckRoute(truckGuard(can('menu.view', 'read')), {
      summary: 'The whole menu of a truck: categories, items, option groups, availability',
      response: { 200: MenuSchema },
    }),
    async (request) => menu.view(truckAccessOf(request)),
  );

  app.post(
    '/trucks/:truckId/menu/categories',
    truckRoute(ownerOnly, { summary: 'Add a category at the end of the menu', body: CategoryInputSchema, response: { 201: MenuCategorySchema } }),
    async (request, reply) => reply.status(201).send(await menu.createCategory(truckOf(request), request.body)),
  );

  app.put(
    '/trucks/:truckId/menu/categories/order',
    truckRoute(ownerOnly, {
      summary: 'Reorder the categories: the complete new order (409 menu_changed when it no longer matches the menu)',
      body: CategoryOrderSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await menu.reorderCategories(truckOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/trucks/:truckId/menu/categories/:categoryId',
    truckRoute(ownerOnly, { summary: 'Rename a category', params: CategoryParams, body: CategoryInputSchema, response: { 200: MenuCategorySchema } }),
    async (request) => menu.updateCategory(truckOf(request), request.params.categoryId, request.body),
  );

  app.delete(
    '/trucks/:truckId/menu/categories/:categoryId',
    truckRoute(ownerOnly, {
      summary: 'Delete a category; one with items needs items=move&moveTo=<category> or items=delete (else 409 category_not_empty)',
      params: CategoryParams,
      querystring: DeleteCategoryQuerySchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await menu.deleteCategory(truckOf(request), request.params.categoryId, request.query);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trucks/:truckId/menu/items',
    truckRoute(ownerOnly, { summary: 'Add an item (with its option groups) at the end of its category', body: ItemInputSchema, response: { 201: MenuItemSchema } }),
    async (request, reply) => reply.status(201).send(await menu.createItem(truckOf(request), request.body)),
  );

  app.put(
    '/trucks/:truckId/menu/items/order',
    truckRoute(ownerOnly, {
      summary: 'Reorder one category’s items: the complete new order; ids from other categories move here',
      body: ItemOrderSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await menu.reorderItems(truckOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/trucks/:truckId/menu/items/:itemId',
    truckRoute(ownerOnly, {
      summary: 'Replace an item as the editor holds it; groups and options keep the ids they are sent with',
      params: ItemParams,
      body: ItemInputSchema,
      response: { 200: MenuItemSchema },
    }),
    async (request) => menu.replaceItem(truckOf(request), request.params.itemId, request.body),
  );

  app.delete(
    '/trucks/:truckId/menu/items/:itemId',
    truckRoute(ownerOnly, { summary: 'Delete an item (past orders keep their own copy)', params: ItemParams, response: { 204: NoContent } }),
    async (request, reply) => {
      await menu.deleteItem(truckOf(request), request.params.itemId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trucks/:truckId/menu/availability',
    truckRoute(availability, {
      summary: 'Mark items and options sold out (now, or until the end of the truck’s local day) or available again; staff may do this',
      body: AvailabilityCommandSchema,
      response: { 200: AvailabilityResultSchema },
    }),
    async (request) => menu.setAvailability(truckOf(request), request.body),
  );

  app.get(
    '/public/trucks/:slug/menu',
    {
      schema: {
        tags,
        summary: 'The menu customers see: every item in both languages with its price and whether it is available now (ETag, If-None-Match)',
        params: TruckSlugParams,
        response: { 200: PublicMenuSchema, 304: NoContent },
      },
    },
    async (request, reply) => {
      const found = await publicMenus.get(request.params.slug);
      if (!found) throw new DomainError('truck_not_found', 404);
      reply.header('etag', found.etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], found.etag)) return reply.status(304).send(null);
      // Serialized once for every request until the menu changes; Fastify sends a Buffer as it is.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(found.body);
    },
  );
}
