/**
 * The one RTK Query API. Features add endpoints with `api.injectEndpoints` in their own
 * `<feature>.api.ts`; tags name the entities so mutations refresh what they change.
 *
 * It plugs itself into the store when first imported (see store.ts), so the entry chunk stays
 * without RTK Query until a screen needs the server.
 */
import { createApi, fetchBaseQuery, setupListeners, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';
import { fetchWithEarlyReads } from './early-reads';
import { rememberRead } from './offline/read-recorder';
import { readString, STORAGE_KEYS } from './storage';
import { dynamicMiddleware, rootReducer } from './store';
import { loadSnapshots } from './offline/load-snapshots';

export const TAG_TYPES = ['Session', 'Truck', 'Menu', 'Order', 'Booking', 'Zone', 'Hours', 'Team', 'Promotion'] as const;

const fetchQuery = fetchBaseQuery({
    baseUrl: '/api/v1',
    fetchFn: fetchWithEarlyReads,
    prepareHeaders(headers) {
      const token = readString(STORAGE_KEYS.token);
      if (token) headers.set('authorization', `Bearer ${token}`);
      headers.set('accept-language', document.documentElement.lang || 'en');
      return headers;
    },
});

/** What a read is saved under: its path and its sorted query. */
export function readKey(args: string | FetchArgs): string {
  if (typeof args === 'string') return args;
  const params = Object.entries((args.params ?? {}) as Record<string, unknown>)
    .filter((entry) => entry[1] !== undefined)
    .map(([name, value]) => [name, String(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return params.length > 0 ? `${args.url}?${new URLSearchParams(params).toString()}` : args.url;
}

const isRead = (args: string | FetchArgs) => typeof args === 'string' || !args.method || args.method.toUpperCase() === 'GET';

const codeOf = (error: FetchBaseQueryError | undefined) => (error?.data as { error?: { code?: unknown } } | undefined)?.error?.code;

/**
 * A truck the user could reach a moment ago answers 404 truck_not_found once they were removed from
 * its team (or it was deleted): say so once, and refetch their trucks so the switcher and the pages
 * move off it.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const result = await fetchQuery(args, queryApi, extraOptions);
  if (isRead(args) && result.error?.status === 'FETCH_ERROR') {
    // No connection: the answer saved when it last came, for the screens that work offline.
    const { savedRead } = await loadSnapshots();
    const data = await savedRead(readKey(args));
    if (data !== undefined) return { data, meta: result.meta };
  } else if (isRead(args) && !result.error) rememberRead(readKey(args), result.data);
  if (result.error?.status === 404 && codeOf(result.error) === 'truck_not_found') {
    // Loaded on this rare path only: every screen's weight counts this module.
    void import('react-toastify/unstyled').then(({ toast }) => toast.warning(i18next.t('team:truckGone'), { toastId: 'truck-gone' }));
    queryApi.dispatch(api.util.invalidateTags([{ type: 'Truck', id: 'LIST' }]));
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware, (storeApi) => {
  // Refetch on focus/reconnect for endpoints that ask for it; runs once per store.
  setupListeners(storeApi.dispatch);
  return (next) => next;
});
