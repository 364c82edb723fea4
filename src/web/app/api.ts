/**
 * The one RTK Query API. Features add endpoints with `api.injectEndpoints` in their own
 * `<feature>.api.ts`; tags name the entities so mutations refresh what they change.
 *
 * It plugs itself into the store when first imported (see store.ts), so the entry chunk stays
 * without RTK Query until a screen needs the server.
 */
import { createApi, fetchBaseQuery, setupListeners } from '@reduxjs/toolkit/query/react';
import { readString, STORAGE_KEYS } from './storage';
import { dynamicMiddleware, rootReducer } from './store';

export const TAG_TYPES = ['Session', 'Truck', 'Menu', 'Order', 'Booking', 'Zone', 'Hours'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api/v1',
    prepareHeaders(headers) {
      const token = readString(STORAGE_KEYS.token);
      if (token) headers.set('authorization', `Bearer ${token}`);
      headers.set('accept-language', document.documentElement.lang || 'en');
      return headers;
    },
  }),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware, (storeApi) => {
  // Refetch on focus/reconnect for endpoints that ask for it; runs once per store.
  setupListeners(storeApi.dispatch);
  return (next) => next;
});
