/**
 * /home over HTTP: one summary per truck (owner, staff, or an admin looking in) and one for the
 * platform (admins). The work is in home.service.ts.
 */
import { AdminHomeSchema, TruckHomeSchema } from '@domain/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth';
import { can, truckAccessOf, truckGuard } from '../../platform/truck-access';
import { bearer, truckRouteOptions } from '../../platform/truck-routes';
import { createHomeService } from './home.service';

const tags = ['home'];
const truckRoute = truckRouteOptions(tags);

export async function homeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const home = createHomeService(instance);

  app.get(
    '/trucks/:truckId/home',
    // The owner and staff, a suspended truck's too (it shows why); revenue inside follows 'revenue.view'.
    truckRoute(truckGuard(can('home.view', 'read')), {
      summary:
        "Today at a glance in the truck's time zone: open now, taking orders or why not, today's orders, revenue and average ticket against the same weekday last week by the same time, pending orders and bookings, orders per hour today, sales for 14 days, top 5 items for 7 days, paper warnings. Staff get no revenue unless the owner allows it",
      response: { 200: TruckHomeSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { truck, relation } = truckAccessOf(request);
      return home.truckHome(truck, relation);
    },
  );

  app.get(
    '/admin/home',
    {
      schema: { tags, summary: 'Admin: applications waiting for review (oldest first, with age), trucks by status, documents expiring within 30 days', security: bearer, response: { 200: AdminHomeSchema } },
      preHandler: requireRole('Admin'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return home.adminHome();
    },
  );
}
