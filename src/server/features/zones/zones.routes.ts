/**
 * Delivery zones over HTTP. The owner edits; staff read and test points; anyone else gets the 404
 * of a truck that does not exist. The work is in zones.service.ts.
 */
import { DeliveryQuoteSchema, DeliveryZoneSchema, ZoneListSchema, ZoneSchema, ZoneTestSchema, ZoneUpdateSchema } from '@domain/zones';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { truckAccessOf, truckGuard } from '../../platform/truck-access';
import { createZonesService } from './zones.service';

const tags = ['zones'];
const security = [{ bearer: [] }];
const NoContent = z.null().describe('No content');
const TruckParams = z.object({ truckId: z.string() });
const ZoneParams = TruckParams.extend({ zoneId: z.uuid() });

const ownerOnly = truckGuard({ allow: ['owner'] });
const ownerOrStaff = truckGuard({ allow: ['owner', 'staff'] });
const truckOf = (request: FastifyRequest) => truckAccessOf(request).truck;

export async function zonesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const zones = createZonesService(instance);

  app.get(
    '/trucks/:truckId/zones',
    {
      schema: {
        tags,
        summary: 'Every delivery zone of a truck, oldest first, and where the truck stands (the centre of zones that follow it)',
        security,
        params: TruckParams,
        response: { 200: ZoneListSchema },
      },
      preValidation: ownerOrStaff,
    },
    async (request) => zones.list(truckOf(request)),
  );

  app.post(
    '/trucks/:truckId/zones',
    {
      schema: {
        tags,
        summary: 'Add a zone: a circle (radius up to 50 km), a circle around the truck’s stop, or a polygon of 3–200 points that does not cross itself',
        security,
        params: TruckParams,
        body: DeliveryZoneSchema,
        response: { 201: ZoneSchema },
      },
      preValidation: ownerOnly,
    },
    async (request, reply) => reply.status(201).send(await zones.create(truckOf(request), request.body)),
  );

  app.put(
    '/trucks/:truckId/zones/:zoneId',
    {
      schema: {
        tags,
        summary: 'Save a zone whole; 409 when `version` is not the current one',
        security,
        params: ZoneParams,
        body: ZoneUpdateSchema,
        response: { 200: ZoneSchema },
      },
      preValidation: ownerOnly,
    },
    async (request) => zones.update(truckOf(request), request.params.zoneId, request.body),
  );

  app.delete(
    '/trucks/:truckId/zones/:zoneId',
    {
      schema: { tags, summary: 'Delete a zone', security, params: ZoneParams, response: { 204: NoContent } },
      preValidation: ownerOnly,
    },
    async (request, reply) => {
      await zones.remove(truckOf(request), request.params.zoneId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trucks/:truckId/zones/test',
    {
      schema: {
        tags,
        summary: 'Which saved zone delivers to a point for a subtotal (minor units), at what fee and how soon; or why not',
        security,
        params: TruckParams,
        body: ZoneTestSchema,
        response: { 200: DeliveryQuoteSchema },
      },
      preValidation: ownerOrStaff,
    },
    async (request) => zones.test(truckOf(request), request.body),
  );
}
