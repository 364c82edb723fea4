/**
 * The menu endpoints (src/server/features/menu/menu.routes.ts), typed by the shared contracts.
 * The availability switch and both reorders change the cached menu at once and undo it if the server
 * refuses, so a tap or a drop shows without waiting; every other edit refetches the menu.
 */
import type {
  AvailabilityCommand,
  AvailabilityResult,
  CategoryInput,
  CategoryOrder,
  DeleteCategoryQuery,
  ItemInput,
  ItemOrder,
  Menu,
  MenuCategory,
  MenuItem,
  SoldOutUntil,
} from '@domain/menu';
import type { Upload } from '@domain/uploads';
import { api } from '../../app/api';

type WithTruck<T> = { truckId: string } & T;

const menuTag = (truckId: string) => [{ type: 'Menu' as const, id: truckId }];
const base = (truckId: string) => `/trucks/${truckId}/menu`;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** What the switch shows until the server answers: the day's end is the server's to compute, so "today" reads as sold out. */
function optimisticSoldOut(state: AvailabilityCommand['state']): SoldOutUntil {
  if (state === 'available') return null;
  return 'indefinitely';
}

export const menuApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMenu: build.query<Menu, string>({
      query: (truckId) => base(truckId),
      providesTags: (_result, _error, truckId) => menuTag(truckId),
    }),

    createCategory: build.mutation<MenuCategory, WithTruck<{ body: CategoryInput }>>({
      query: ({ truckId, body }) => ({ url: `${base(truckId)}/categories`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),
    updateCategory: build.mutation<MenuCategory, WithTruck<{ categoryId: string; body: CategoryInput }>>({
      query: ({ truckId, categoryId, body }) => ({ url: `${base(truckId)}/categories/${categoryId}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),
    deleteCategory: build.mutation<void, WithTruck<{ categoryId: string; query: DeleteCategoryQuery }>>({
      query: ({ truckId, categoryId, query }) => ({ url: `${base(truckId)}/categories/${categoryId}`, method: 'DELETE', params: query }),
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),
    reorderCategories: build.mutation<void, WithTruck<{ body: CategoryOrder }>>({
      query: ({ truckId, body }) => ({ url: `${base(truckId)}/categories/order`, method: 'PUT', body }),
      async onQueryStarted({ truckId, body }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          menuApi.util.updateQueryData('getMenu', truckId, (menu) => {
            const position = new Map(body.ids.map((id, index) => [id, index]));
            for (const category of menu.categories) category.position = position.get(category.id) ?? category.position;
            menu.categories.sort((a, b) => a.position - b.position);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),

    createItem: build.mutation<MenuItem, WithTruck<{ body: ItemInput }>>({
      query: ({ truckId, body }) => ({ url: `${base(truckId)}/items`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),
    updateItem: build.mutation<MenuItem, WithTruck<{ itemId: string; body: ItemInput }>>({
      query: ({ truckId, itemId, body }) => ({ url: `${base(truckId)}/items/${itemId}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),
    deleteItem: build.mutation<void, WithTruck<{ itemId: string }>>({
      query: ({ truckId, itemId }) => ({ url: `${base(truckId)}/items/${itemId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),
    reorderItems: build.mutation<void, WithTruck<{ body: ItemOrder }>>({
      query: ({ truckId, body }) => ({ url: `${base(truckId)}/items/order`, method: 'PUT', body }),
      async onQueryStarted({ truckId, body }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          menuApi.util.updateQueryData('getMenu', truckId, (menu) => {
            const position = new Map(body.ids.map((id, index) => [id, index]));
            for (const item of menu.items) {
              const next = position.get(item.id);
              if (next === undefined) continue;
              item.position = next;
              item.categoryId = body.categoryId;
            }
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_result, _error, { truckId }) => menuTag(truckId),
    }),

    setAvailability: build.mutation<AvailabilityResult, WithTruck<{ body: AvailabilityCommand }>>({
      // With no connection the switch goes to the device queue (decision 018) and shows switched once
      // it is stored there: a reload straight after the tap must not lose what the screen showed.
      async queryFn({ truckId, body }, _api, _extra, baseQuery) {
        const toQueue = async () => {
          const { queueAvailability } = await import('./offline-menu');
          await queueAvailability(truckId, body);
          const guess = optimisticSoldOut(body.state);
          const queued: AvailabilityResult = { version: 0, items: body.itemIds.map((id) => ({ id, soldOutUntil: guess })), options: body.optionIds.map((id) => ({ id, soldOutUntil: guess })) };
          return { data: queued };
        };
        if (offline()) return toQueue();
        const result = await baseQuery({ url: `${base(truckId)}/availability`, method: 'POST', body });
        if (result.error?.status === 'FETCH_ERROR') return toQueue();
        return result.error ? { error: result.error } : { data: result.data as AvailabilityResult };
      },
      async onQueryStarted({ truckId, body }, { dispatch, queryFulfilled }) {
        const apply = (items: { id: string; soldOutUntil: SoldOutUntil }[], options: { id: string; soldOutUntil: SoldOutUntil }[]) =>
          menuApi.util.updateQueryData('getMenu', truckId, (menu) => {
            const itemState = new Map(items.map((entry) => [entry.id, entry.soldOutUntil]));
            const optionState = new Map(options.map((entry) => [entry.id, entry.soldOutUntil]));
            for (const item of menu.items) {
              if (itemState.has(item.id)) item.soldOutUntil = itemState.get(item.id)!;
              for (const group of item.optionGroups) {
                for (const option of group.options) if (optionState.has(option.id)) option.soldOutUntil = optionState.get(option.id)!;
              }
            }
          });
        const guess = optimisticSoldOut(body.state);
        // Offline the switch waits for the device queue (queryFn above), so it never shows what is not kept.
        const patch = offline() ? null : dispatch(apply(body.itemIds.map((id) => ({ id, soldOutUntil: guess })), body.optionIds.map((id) => ({ id, soldOutUntil: guess }))));
        try {
          const { data } = await queryFulfilled;
          dispatch(apply(data.items, data.options));
        } catch {
          patch?.undo();
        }
      },
    }),

    uploadMenuPhoto: build.mutation<Upload, WithTruck<{ file: Blob }>>({
      query: ({ truckId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `/trucks/${truckId}/uploads?purpose=menu_photo`, method: 'POST', body };
      },
    }),
  }),
});

export const {
  useGetMenuQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useReorderCategoriesMutation,
  useCreateItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useReorderItemsMutation,
  useSetAvailabilityMutation,
  useUploadMenuPhotoMutation,
} = menuApi;
