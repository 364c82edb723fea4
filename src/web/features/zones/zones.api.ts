/** The zone endpoints (src/server/features/zones/zones.routes.ts), typed by the shared contracts. */
import type { DeliveryQuote, DeliveryZoneInput, Zone, ZoneList, ZoneTestInput } from '@domain/zones';
import { api } from '../../app/api';

const zonesUrl = (truckId: string) => `/trucks/${truckId}/zones`;
const tagOf = (truckId: string) => [{ type: 'Zone' as const, id: truckId }];

export const zonesApi = api.injectEndpoints({
  endpoints: (build) => ({
    zones: build.query<ZoneList, string>({
      query: zonesUrl,
      providesTags: (_result, _error, truckId) => tagOf(truckId),
    }),
    createZone: build.mutation<Zone, { truckId: string; zone: DeliveryZoneInput }>({
      query: ({ truckId, zone }) => ({ url: zonesUrl(truckId), method: 'POST', body: zone }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    updateZone: build.mutation<Zone, { truckId: string; zoneId: string; zone: DeliveryZoneInput & { version: number } }>({
      query: ({ truckId, zoneId, zone }) => ({ url: `${zonesUrl(truckId)}/${zoneId}`, method: 'PUT', body: zone }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    deleteZone: build.mutation<void, { truckId: string; zoneId: string }>({
      query: ({ truckId, zoneId }) => ({ url: `${zonesUrl(truckId)}/${zoneId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { truckId }) => tagOf(truckId),
    }),
    testPoint: build.mutation<DeliveryQuote, { truckId: string; test: ZoneTestInput }>({
      query: ({ truckId, test }) => ({ url: `${zonesUrl(truckId)}/test`, method: 'POST', body: test }),
    }),
  }),
});

export const { useZonesQuery, useCreateZoneMutation, useUpdateZoneMutation, useDeleteZoneMutation, useTestPointMutation } = zonesApi;
