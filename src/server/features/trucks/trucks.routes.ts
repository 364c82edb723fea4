/**
 * Trucks over HTTP: the caller's trucks, the registration draft step by step, documents,
 * submission, and the admin review. Every `/trucks/:truckId/...` route answers 404 to anyone who
 * is not the truck's owner (or, for views and decisions, an admin). Files: platform/uploads.ts.
 */
import {
  AdminTruckPageSchema,
  AdminTruckQuerySchema,
  DOCUMENT_TYPES,
  NoticesSeenSchema,
  ReviewCommandSchema,
  TruckBasicsSchema,
  TruckDocumentInputSchema,
  TruckLocationSchema,
  TruckSchema,
  TruckSummarySchema,
} from '@domain/trucks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole, requireUser } from '../../platform/auth';
import { can, truckAccessOf, truckGuard } from '../../platform/truck-access';
import { bearer, NoContent, TruckParams, truckRouteOptions } from '../../platform/truck-routes';
import { moneySettingsRoutes } from './money-settings';
import { createReviewService } from './review.service';
import { createTrucksService } from './trucks.service';

const tags = ['trucks'];
const truckRoute = truckRouteOptions(tags);

const ownerOnly = truckGuard(can('truck.edit'));

export async function trucksRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const trucks = createTrucksService(instance);
  const review = createReviewService(instance, trucks);
  await instance.register(moneySettingsRoutes);

  app.get(
    '/trucks',
    {
      schema: { tags, summary: 'The trucks the caller owns or works for, with document alerts and unseen review decisions', security: bearer, response: { 200: z.array(TruckSummarySchema) } },
      preHandler: requireUser,
    },
    async (request) => trucks.listMine(authOf(request)),
  );

  app.post(
    '/trucks',
    {
      schema: { tags, summary: 'Start a truck application (a draft); one draft at a time', security: bearer, response: { 201: TruckSchema } },
      preHandler: requireRole('Applicant', 'Vendor'),
    },
    async (request, reply) => reply.status(201).send(await trucks.create(authOf(request))),
  );

  app.get(
    '/trucks/:truckId',
    truckRoute(truckGuard(can('truck.view', 'read')), {
      summary: 'Everything about one truck: details, files, documents, status, history',
      response: { 200: TruckSchema },
    }),
    async (request) => {
      const { truck, relation } = truckAccessOf(request);
      return trucks.view(truck, relation);
    },
  );

  app.put(
    '/trucks/:truckId/basics',
    truckRoute(ownerOnly, { summary: 'Save step 1: names, descriptions, cuisines, logo and photos', body: TruckBasicsSchema, response: { 200: TruckSchema } }),
    async (request) => trucks.saveBasics(truckAccessOf(request), request.body),
  );

  app.put(
    '/trucks/:truckId/location',
    truckRoute(ownerOnly, {
      summary: 'Save step 3: base city, address and pin, contact, currency, time zone and the vehicle',
      body: TruckLocationSchema,
      response: { 200: TruckSchema },
    }),
    async (request) => trucks.saveLocation(truckAccessOf(request), request.body),
  );

  app.put(
    '/trucks/:truckId/documents',
    truckRoute(ownerOnly, {
      summary: 'Add or replace the document of a type (step 2); expired documents are refused',
      body: TruckDocumentInputSchema,
      response: { 200: TruckSchema },
    }),
    async (request) => trucks.saveDocument(truckAccessOf(request), request.body),
  );

  app.delete(
    '/trucks/:truckId/documents/:type',
    truckRoute(ownerOnly, { summary: 'Remove the document of a type', params: TruckParams.extend({ type: z.enum(DOCUMENT_TYPES) }), response: { 200: TruckSchema } }),
    async (request) => trucks.deleteDocument(truckAccessOf(request), request.params.type),
  );

  app.post(
    '/trucks/:truckId/submit',
    truckRoute(ownerOnly, { summary: 'Submit the application for review (draft or changes requested → submitted)', response: { 200: TruckSchema } }),
    async (request) => trucks.submit(truckAccessOf(request), authOf(request)),
  );

  app.post(
    '/trucks/:truckId/notices/seen',
    truckRoute(ownerOnly, { summary: 'Mark review decisions as shown to the owner', body: NoticesSeenSchema, response: { 204: NoContent } }),
    async (request, reply) => {
      await trucks.markNoticesSeen(truckAccessOf(request), request.body.ids);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trucks/:truckId/review',
    truckRoute(truckGuard(can('truck.edit', 'write')), {
      summary: 'Admin decision: approve, request changes, reject, suspend or reinstate (a reason where the flow needs one); 409 outside the flow',
      body: ReviewCommandSchema,
      response: { 200: TruckSchema },
    }),
    async (request) => review.decide(truckAccessOf(request), request.body, authOf(request)),
  );

  app.get(
    '/admin/trucks',
    {
      schema: { tags, summary: 'Admin: the review queue (status=submitted, oldest first) or the trucks in any other status', security: bearer, querystring: AdminTruckQuerySchema, response: { 200: AdminTruckPageSchema } },
      preHandler: requireRole('Admin'),
    },
    async (request) => review.list(request.query),
  );
}
