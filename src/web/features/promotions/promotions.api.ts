/** The promotion endpoints (src/server/features/promotions/promotions.routes.ts), typed by the shared contracts. */
import type { Promotion, PromotionCheckInput, PromotionInputDraft, PromotionList, PromotionPreview } from '@domain/promotions';
import { api } from '../../app/api';

const promotionsUrl = (truckId: string) => `/trucks/${truckId}/promotions`;
const tagOf = (truckId: string) => [{ type: 'Promotion' as const, id: truckId }];

export const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    promotions: build.query<PromotionList, string>({
      query: promotionsUrl,
      providesTags: (_result, _error, truckId) => tagOf(truckId),
    }),
    createPromotion: build.mutation<Promotion, { truckId: string; promotion: PromotionInputDraft }>({
      query: ({ truckId, promotion }) => ({ url: promotionsUrl(truckId), method: 'POST', body: promotion }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    updatePromotion: build.mutation<Promotion, { truckId: string; promotionId: string; promotion: PromotionInputDraft & { version: number } }>({
      query: ({ truckId, promotionId, promotion }) => ({ url: `${promotionsUrl(truckId)}/${promotionId}`, method: 'PUT', body: promotion }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    deletePromotion: build.mutation<void, { truckId: string; promotionId: string }>({
      query: ({ truckId, promotionId }) => ({ url: `${promotionsUrl(truckId)}/${promotionId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    /** The phone-order dialog's question: would this code apply to this basket now? Uses nothing. */
    checkPromotion: build.mutation<PromotionPreview, { truckId: string; check: PromotionCheckInput }>({
      query: ({ truckId, check }) => ({ url: `${promotionsUrl(truckId)}/check`, method: 'POST', body: check }),
    }),
  }),
});

export const { usePromotionsQuery, useCreatePromotionMutation, useUpdatePromotionMutation, useDeletePromotionMutation, useCheckPromotionMutation } = promotionsApi;
