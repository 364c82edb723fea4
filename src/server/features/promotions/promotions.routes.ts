/**
 * Promotions over HTTP. The owner creates, edits, deactivates and deletes; staff read the list (the
 * phone-order dialog's codes) and check a code for a phone order; customers check a code on the
 * truck's page, by its slug, rate-limited like the intake (a code is a small secret). The work is in
 * promotions.service.ts; the order intake redeems with its redeemPromotion.
 */
import { PromotionCheckSchema, PromotionInputSchema, PromotionListSchema, PromotionPreviewSchema, PromotionSchema, PromotionUpdateSchema } from '@domain/promotions';
import { DomainError } from '@domain/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageFromHeader } from '../../platform/i18n';
import { intakeRateLimit } from '../../platform/rate-limits';
import { can, isUuid, truckBySlug, truckGuard } from '../../platform/truck-access';
import { NoContent, truckOf, TruckParams, truckRouteOptions, TruckSlugParams } from '../../platform/truck-routes';
import { createPromotionsService } from './promotions.service';

const tags = ['promotions'];
const truckRoute = truckRouteOptions(tags);
const PromotionParams = TruckParams.extend({ promotionId: z.string() });

const ownerOnly = truckGuard(can('promotions.edit'));
const ownerOrStaff = truckGuard(can('promotions.view'));
const orderTakers = truckGuard(can('orders.manage'));
const notFound = () => new DomainError('promotion_not_found', 404);

export async function promotionsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createPromotionsService(instance);
  const { db } = instance.database;
  const checkLimit = intakeRateLimit(instance, 'promotions');

  app.get(
    '/trucks/:truckId/promotions',
    truckRoute(ownerOrStaff, {
      summary: "Every promotion of a truck, oldest first, with its uses so far; amounts in the truck's currency, dates on its wall clock",
      response: { 200: PromotionListSchema },
    }),
    async (request) => service.list(truckOf(request)),
  );

  app.post(
    '/trucks/:truckId/promotions',
    truckRoute(ownerOnly, {
      summary:
        'Add a promotion: a code (normalised: any case, Arabic-Indic digits; null for an automatic one), a percentage (basis points) or a fixed amount off the line subtotal, a minimum subtotal, valid from/until on the truck’s wall clock, a weekday window (happy hour), pickup/delivery/both, a total number of uses, one use per phone. 409 promotion_code_taken when the truck has the code already',
      body: PromotionInputSchema,
      response: { 201: PromotionSchema },
    }),
    async (request, reply) => reply.status(201).send(await service.create(truckOf(request), request.body)),
  );

  app.put(
    '/trucks/:truckId/promotions/:promotionId',
    truckRoute(ownerOnly, {
      summary: 'Save a promotion whole (deactivate: active false); 409 conflict when `version` is not the current one',
      params: PromotionParams,
      body: PromotionUpdateSchema,
      response: { 200: PromotionSchema },
    }),
    async (request) => {
      if (!isUuid(request.params.promotionId)) throw notFound();
      return service.update(truckOf(request), request.params.promotionId, request.body);
    },
  );

  app.delete(
    '/trucks/:truckId/promotions/:promotionId',
    truckRoute(ownerOnly, { summary: 'Delete a promotion (orders keep the code and discount they got)', params: PromotionParams, response: { 204: NoContent } }),
    async (request, reply) => {
      if (!isUuid(request.params.promotionId)) throw notFound();
      await service.remove(truckOf(request), request.params.promotionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/trucks/:truckId/promotions/check',
    truckRoute(orderTakers, {
      summary: 'For a phone order: would this code (none: the automatic promotion) apply to this basket now, and what would it take off; or why not, worded in the request’s language. Uses nothing',
      body: PromotionCheckSchema,
      response: { 200: PromotionPreviewSchema },
    }),
    async (request) => service.check(truckOf(request), request.body, languageFromHeader(request.headers['accept-language'])),
  );

  app.post(
    '/public/trucks/:slug/promotions/check',
    {
      schema: {
        tags,
        summary:
          'For the customer’s basket: would this code (none: the automatic promotion, such as a happy hour) apply now, and what would it take off; or why not (expired, not_started, outside_hours, wrong_fulfilment, min_subtotal, used_up, already_used_by_phone, unknown_code), worded in the request’s language. Uses nothing: the order redeems',
        params: TruckSlugParams,
        body: PromotionCheckSchema,
        response: { 200: PromotionPreviewSchema },
      },
      preHandler: checkLimit,
    },
    async (request) => {
      const truck = await truckBySlug(db, request.params.slug);
      return service.check(truck, request.body, languageFromHeader(request.headers['accept-language']));
    },
  );
}
