/**
 * The home summaries (src/server/features/home/home.routes.ts), the pause the hours screen also
 * uses, and the live stream's ticket. The summary is tagged with the truck's orders and hours, so a
 * pause here or an order acted on elsewhere refreshes it.
 */
import type { AdminHome, TruckHome } from '@domain/home';
import type { Pause } from '@domain/hours';
import { api } from '../../app/api';

const hoursTag = (truckId: string) => ({ type: 'Hours' as const, id: truckId });
const homeTag = (truckId: string) => ({ type: 'Order' as const, id: `home:${truckId}` });

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    truckHome: build.query<TruckHome, string>({
      query: (truckId) => `/trucks/${truckId}/home`,
      providesTags: (_result, _error, truckId) => [homeTag(truckId), hoursTag(truckId), { type: 'Truck', id: truckId }],
    }),
    adminHome: build.query<AdminHome, void>({
      query: () => '/admin/home',
      providesTags: [{ type: 'Truck', id: 'admin-home' }],
    }),
    homePause: build.mutation<unknown, { truckId: string; pause: Pause }>({
      query: ({ truckId, pause }) => ({ url: `/trucks/${truckId}/hours/pause`, method: 'PUT', body: pause }),
      invalidatesTags: (_result, _error, { truckId }) => [hoursTag(truckId)],
    }),
    homeResume: build.mutation<unknown, string>({
      query: (truckId) => ({ url: `/trucks/${truckId}/hours/pause`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, truckId) => [hoursTag(truckId)],
    }),
  }),
});

export const { useTruckHomeQuery, useAdminHomeQuery, useHomePauseMutation, useHomeResumeMutation } = homeApi;
