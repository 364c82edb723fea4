/**
 * makeStore: the seed's slices (docs/product.md §6.3) plus, once a screen needs it, the RTK Query
 * cache. Tests make their own store.
 *
 * The API (app/api.ts) is not imported here: it injects its reducer and middleware when a screen
 * first imports it, which keeps RTK Query out of the entry chunk (the entry page's JS budget).
 */
import { combineSlices, configureStore, createAction, createDynamicMiddleware } from '@reduxjs/toolkit';
import { accessControlSlice, authSlice, popSlice, userSlice } from '../features/accounts/session.slices';
import { bookingSlice } from '../features/bookings/bookings.slice';
import { orderSlice } from '../features/orders/orders.slice';
import type { api } from './api';
import { langDirSlice } from './lang-dir.slice';
import { loadingSlice } from './loading.slice';
import { sidebarSlice } from './sidebar.slice';

interface LazyLoadedSlices {
  [api.reducerPath]: ReturnType<typeof api.reducer>;
}

export const rootReducer = combineSlices(
  authSlice,
  userSlice,
  popSlice,
  accessControlSlice,
  langDirSlice,
  loadingSlice,
  orderSlice,
  bookingSlice,
  sidebarSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Middleware added by lazily loaded code (the API's). */
export const dynamicMiddleware = createDynamicMiddleware();

/**
 * An injected reducer gets its state on the next action; the router dispatches this one after it
 * loads a screen's code, so the screen never renders before its state exists.
 */
export const lazyCodeLoaded = createAction('app/lazyCodeLoaded');

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
