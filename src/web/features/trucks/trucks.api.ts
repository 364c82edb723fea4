/**
 * The trucks endpoints (src/server/features/trucks/trucks.routes.ts and platform/uploads.ts), typed
 * by the shared contracts. A mutation that answers with the truck puts it straight into the cache;
 * the list behind the switcher and the admin lists are refetched.
 */
import type {
  AdminTruckPage,
  ADMIN_TRUCK_FILTERS,
  DocumentType,
  ReviewCommand,
  Truck,
  TruckBasics,
  TruckDocumentInput,
  TruckLocation,
  TruckSummary,
} from '@domain/trucks';
import type { MoneySettings } from '@domain/money/settings';
import type { Upload, UploadPurpose } from '@domain/uploads';
import { api } from '../../app/api';

export type AdminFilter = (typeof ADMIN_TRUCK_FILTERS)[number];

const LIST = { type: 'Truck' as const, id: 'LIST' };
const ADMIN = { type: 'Truck' as const, id: 'ADMIN' };

export const trucksApi = api.injectEndpoints({
  endpoints: (build) => {
    /** A change to one truck: the answer is the truck itself. */
    const truckMutation = <Arg extends { truckId: string }>(request: (arg: Arg) => { url: string; method: string; body?: unknown }) =>
      build.mutation<Truck, Arg>({
        query: request,
        invalidatesTags: [LIST, ADMIN],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          // A refusal is the form's to show: left to reject here, it is an uncaught error in the page.
          const answer = await queryFulfilled.catch(() => null);
          if (answer) dispatch(trucksApi.util.upsertQueryData('truck', answer.data.id, answer.data));
        },
      });

    return {
      myTrucks: build.query<TruckSummary[], void>({ query: () => '/trucks', providesTags: [LIST] }),
      truck: build.query<Truck, string>({ query: (truckId) => `/trucks/${truckId}`, providesTags: (_result, _error, truckId) => [{ type: 'Truck', id: truckId }] }),
      createTruck: build.mutation<Truck, void>({
        query: () => ({ url: '/trucks', method: 'POST' }),
        invalidatesTags: [LIST],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          // A refusal is the form's to show: left to reject here, it is an uncaught error in the page.
          const answer = await queryFulfilled.catch(() => null);
          if (answer) dispatch(trucksApi.util.upsertQueryData('truck', answer.data.id, answer.data));
        },
      }),
      saveBasics: truckMutation(({ truckId, body }: { truckId: string; body: TruckBasics }) => ({ url: `/trucks/${truckId}/basics`, method: 'PUT', body })),
      saveLocation: truckMutation(({ truckId, body }: { truckId: string; body: TruckLocation }) => ({ url: `/trucks/${truckId}/location`, method: 'PUT', body })),
      saveDocument: truckMutation(({ truckId, body }: { truckId: string; body: TruckDocumentInput }) => ({ url: `/trucks/${truckId}/documents`, method: 'PUT', body })),
      deleteDocument: truckMutation(({ truckId, type }: { truckId: string; type: DocumentType }) => ({ url: `/trucks/${truckId}/documents/${type}`, method: 'DELETE' })),
      submitTruck: truckMutation(({ truckId }: { truckId: string }) => ({ url: `/trucks/${truckId}/submit`, method: 'POST' })),
      reviewTruck: truckMutation(({ truckId, command }: { truckId: string; command: ReviewCommand }) => ({ url: `/trucks/${truckId}/review`, method: 'POST', body: command })),
      /** Tax and tips (the owner's; GET /money-settings needs menu.view, PUT truck.edit). */
      getMoneySettings: build.query<MoneySettings, string>({
        query: (truckId) => `/trucks/${truckId}/money-settings`,
        providesTags: (_result, _error, truckId) => [{ type: 'Truck', id: `money-${truckId}` }],
      }),
      putMoneySettings: build.mutation<MoneySettings, { truckId: string; body: MoneySettings }>({
        query: ({ truckId, body }) => ({ url: `/trucks/${truckId}/money-settings`, method: 'PUT', body }),
        async onQueryStarted({ truckId }, { dispatch, queryFulfilled }) {
          // A refusal is the form's to show: left to reject here, it is an uncaught error in the page.
          const answer = await queryFulfilled.catch(() => null);
          if (answer) dispatch(trucksApi.util.upsertQueryData('getMoneySettings', truckId, answer.data));
        },
        // The order dashboard's desk carries the tax and tips the phone-order form totals with.
        invalidatesTags: (_result, _error, { truckId }) => [{ type: 'Truck', id: `desk-${truckId}` }],
      }),
      markNoticesSeen: build.mutation<void, { truckId: string; ids: string[] }>({
        query: ({ truckId, ids }) => ({ url: `/trucks/${truckId}/notices/seen`, method: 'POST', body: { ids } }),
        invalidatesTags: [LIST],
      }),
      uploadFile: build.mutation<Upload, { truckId: string; purpose: UploadPurpose; file: File }>({
        query: ({ truckId, purpose, file }) => {
          const body = new FormData();
          body.append('file', file);
          return { url: `/trucks/${truckId}/uploads`, method: 'POST', params: { purpose }, body };
        },
      }),
      adminTrucks: build.infiniteQuery<AdminTruckPage, AdminFilter, string | null>({
        infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.nextCursor },
        query: ({ queryArg, pageParam }) => ({ url: '/admin/trucks', params: { status: queryArg, ...(pageParam ? { cursor: pageParam } : {}) } }),
        providesTags: [ADMIN],
      }),
    };
  },
});

export const {
  useMyTrucksQuery,
  useTruckQuery,
  useCreateTruckMutation,
  useSaveBasicsMutation,
  useSaveLocationMutation,
  useSaveDocumentMutation,
  useDeleteDocumentMutation,
  useSubmitTruckMutation,
  useReviewTruckMutation,
  useMarkNoticesSeenMutation,
  useGetMoneySettingsQuery,
  usePutMoneySettingsMutation,
  useUploadFileMutation,
  useAdminTrucksInfiniteQuery,
} = trucksApi;
