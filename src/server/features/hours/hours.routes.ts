/**
 * Operating hours over HTTP. The owner edits; staff read; anyone else gets the 404 of a truck that
 * does not exist. Customers ask "open? delivers here?" by the truck's slug. The work is in hours.service.ts.
 */
import { AvailabilityQuerySchema, AvailabilitySchema } from '@domain/availability';
import { HoursSchema, HoursUpdateSchema, PauseSchema } from '@domain/hours';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can, truckGuard } from '../../platform/truck-access';
import { truckOf, truckRouteOptions, TruckSlugParams } from '../../platform/truck-routes';
import { createHoursService } from './hours.service';

const tags = ['hours'];
const truckRoute = truckRouteOptions(tags);
const ownerOnly = truckGuard(can('hours.edit'));
const ownerOrStaff = truckGuard(can('hours.view'));

export async function hoursRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const hours = createHoursService(instance);

  app.get(
    '/trucks/:truckId/hours',
    truckRoute(ownerOrStaff, {
      summary: 'The weekly shifts, date exceptions, time zone and pause of a truck, with whether it is open now',
      response: { 200: HoursSchema },
    }),
    async (request) => hours.view(truckOf(request)),
  );

  app.put(
    '/trucks/:truckId/hours',
    truckRoute(ownerOnly, {
      summary: 'Save the time zone (the truck’s own), weekly shifts and exceptions; overlapping shifts are refused; 409 when `version` is not the current one',
      body: HoursUpdateSchema,
      response: { 200: HoursSchema },
    }),
    async (request) => hours.save(truckOf(request), request.body),
  );

  app.put(
    '/trucks/:truckId/hours/pause',
    truckRoute(ownerOnly, { summary: 'Pause orders for 15, 30 or 60 minutes, or until a time within 24 hours', body: PauseSchema, response: { 200: HoursSchema } }),
    async (request) => hours.pause(truckOf(request), request.body),
  );

  app.delete(
    '/trucks/:truckId/hours/pause',
    truckRoute(ownerOnly, { summary: 'Take orders again now', response: { 200: HoursSchema } }),
    async (request) => hours.resume(truckOf(request)),
  );

  app.get(
    '/public/trucks/:slug/availability',
    {
      schema: {
        tags,
        summary: 'Is the truck taking orders now (until when, or when it opens)? With lat, lng and subtotal (minor units): does it deliver there, in which zone, for what fee and how soon',
        params: TruckSlugParams,
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilitySchema },
      },
    },
    async (request, reply) => {
      // The answer changes with the clock and the pause button, so no cache may keep it.
      reply.header('cache-control', 'no-store');
      return hours.availability(request.params.slug, request.query);
    },
  );
}
