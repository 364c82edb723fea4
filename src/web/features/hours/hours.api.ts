/** The hours endpoints (src/server/features/hours/hours.routes.ts), typed by the shared contracts. */
import type { Hours, HoursUpdateInput, Pause } from '@domain/hours';
import { api } from '../../app/api';

const hoursUrl = (truckId: string) => `/trucks/${truckId}/hours`;
const tagOf = (truckId: string) => [{ type: 'Hours' as const, id: truckId }];

export const hoursApi = api.injectEndpoints({
  endpoints: (build) => ({
    hours: build.query<Hours, string>({
      query: hoursUrl,
      providesTags: (_result, _error, truckId) => tagOf(truckId),
    }),
    saveHours: build.mutation<Hours, { truckId: string; update: HoursUpdateInput }>({
      query: ({ truckId, update }) => ({ url: hoursUrl(truckId), method: 'PUT', body: update }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    pauseOrders: build.mutation<Hours, { truckId: string; pause: Pause }>({
      query: ({ truckId, pause }) => ({ url: `${hoursUrl(truckId)}/pause`, method: 'PUT', body: pause }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    resumeOrders: build.mutation<Hours, string>({
      query: (truckId) => ({ url: `${hoursUrl(truckId)}/pause`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, truckId) => tagOf(truckId),
    }),
  }),
});

export const { useHoursQuery, useSaveHoursMutation, usePauseOrdersMutation, useResumeOrdersMutation } = hoursApi;
