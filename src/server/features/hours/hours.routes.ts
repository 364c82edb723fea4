/**
 * Operating hours over HTTP. The owner edits; staff read; anyone else gets the 404 of a truck that
 * does not exist. Customers ask "open? delivers here?" by the truck's slug. The work is in hours.service.ts.
 */
import { AvailabilityQuerySchema, AvailabilitySchema } from '@domain/availability';
import { HoursSchema, HoursUpdateSchema, PauseSchema } from '@domain/hours';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { truckAccessOf, truckGuard } from '../../platform/truck-access';
import { createHoursService } from './hours.service';

const tags = ['hours'];
const security = [{ bearer: [] }];
const TruckParams = z.object({ truckId: z.string() });

const ownerOnly = truckGuard({ allow: ['owner'] });
const ownerOrStaff = truckGuard({ allow: ['owner', 'staff'] });
const truckOf = (request: FastifyRequest) => truckAccessOf(request).truck;

export async function hoursRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const hours = createHoursService(instance);

  app.get(
    '/trucks/:truckId/hours',
    {
      schema: {
        tags,
        summary: 'The weekly shifts, date exceptions, time zone and pause of a truck, with whether it is open now',
        security,
        params: TruckParams,
        response: { 200: HoursSchema },
      },
      preValidation: ownerOrStaff,
    },
    async (request) => hours.view(truckOf(request)),
  );

  app.put(
    '/trucks/:truckId/hours',
    {
      schema: {
        tags,
        summary: 'Save the time zone (the truck’s own), weekly shifts and exceptions; overlapping shifts are refused; 409 when `version` is not the current one',
        security,
        params: TruckParams,
        body: HoursUpdateSchema,
        response: { 200: HoursSchema },
      },
      preValidation: ownerOnly,
    },
    async (request) => hours.save(truckOf(request), request.body),
  );

  app.put(
    '/trucks/:truckId/hours/pause',
    {
      schema: {
        tags,
        summary: 'Pause orders for 15, 30 or 60 minutes, or until a time within 24 hours',
        security,
        params: TruckParams,
        body: PauseSchema,
        response: { 200: HoursSchema },
      },
      preValidation: ownerOnly,
    },
    async (request) => hours.pause(truckOf(request), request.body),
  );

  app.delete(
    '/trucks/:truckId/hours/pause',
    {
      schema: { tags, summary: 'Take orders again now', security, params: TruckParams, response: { 200: HoursSchema } },
      preValidation: ownerOnly,
    },
    async (request) => hours.resume(truckOf(request)),
  );

  app.get(
    '/public/trucks/:slug/availability',
    {
      schema: {
        tags,
        summary: 'Is the truck taking orders now (until when, or when it opens)? With lat, lng and subtotal (minor units): does it deliver there, in which zone, for what fee and how soon',
        params: z.object({ slug: z.string().max(100) }),
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilitySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return hours.availability(request.params.slug, request.query);
    },
  );
}
