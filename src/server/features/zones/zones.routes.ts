/**
 * Delivery zones over HTTP. The owner edits; staff read and test points; anyone else gets the 404
 * of a truck that does not exist. The work is in zones.service.ts.
 */
import { DeliveryQuoteSchema, DeliveryZoneSchema, ZoneListSchema, ZoneSchema, ZoneTestSchema, ZoneUpdateSchema } from '@domain/zones';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, truckGuard } from '../../platform/truck-access';
import { NoContent, truckOf, TruckParams, truckRouteOptions } from '../../platform/truck-routes';
import { createZonesService } from './zones.service';

const truckRoute = truckRouteOptions(['zones']);
const ZoneParams = TruckParams.extend({ zoneId: z.uuid() });

const ownerOnly = truckGuard(can('zones.edit'));
const ownerOrStaff = truckGuard(can('zones.view'));

export async function zonesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const zones = createZonesService(instance);

  app.get(
    '/trucks/:truckId/zones',
    truckRoute(ownerOrStaff, {
      summary: 'Every delivery zone of a truck, oldest first, and where the truck stands (the centre of zones that follow it)',
      response: { 200: ZoneListSchema },
    }),
    async (request) => zones.list(truckOf(request)),
  );

  app.post(
    '/trucks/:truckId/zones',
    truckRoute(ownerOnly, {
      summary: 'Add a zone: a circle (radius up to 50 km), a circle around the truck’s stop, or a polygon of 3–200 points that does not cross itself',
      body: DeliveryZoneSchema,
      response: { 201: ZoneSchema },
    }),
    async (request, reply) => reply.status(201).send(await zones.create(truckOf(request), request.body)),
  );

  app.put(
    '/trucks/:truckId/zones/:zoneId',
    truckRoute(ownerOnly, { summary: 'Save a zone whole; 409 when `version` is not the current one', params: ZoneParams, body: ZoneUpdateSchema, response: { 200: ZoneSchema } }),
    async (request) => zones.update(truckOf(request), request.params.zoneId, request.body),
  );

  app.delete(
    '/trucks/:truckId/zones/:zoneId',
    truckRoute(ownerOnly, { summary: 'Delete a zone', params: ZoneParams, response: { 204: NoContent } }),
    async (request, reply) => {
      await zones.remove(truckOf(request), request.params.zoneId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trucks/:truckId/zones/test',
    truckRoute(ownerOrStaff, {
      summary: 'Which saved zone delivers to a point for a subtotal (minor units), at what fee and how soon; or why not',
      body: ZoneTestSchema,
      response: { 200: DeliveryQuoteSchema },
    }),
    async (request) => zones.test(truckOf(request), request.body),
  );
}
