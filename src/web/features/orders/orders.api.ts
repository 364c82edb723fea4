/**
 * The orders endpoints (src/server/features/orders/orders.routes.ts), typed by the shared contracts,
 * and the live patching: an event from the truck's stream updates the lists, counts and order the
 * cache holds (`applyOrderEvent`) instead of refetching them.
 */
import type { PromotionCheckInput, PromotionPreview } from '@domain/promotions';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { Menu } from '@domain/menu';
import type {
  AcknowledgeOrders,
  CreateOrderInput,
  Order,
  OrderCountQuery,
  OrderCounts,
  OrderDesk,
  OrderEvent,
  OrderPage,
  OrderSummary,
} from '@domain/orders/contracts';
import type { OrderAction } from '@domain/orders';
import type { CreateRefund, RefundCreated, RefundList } from '@domain/orders/refunds';
import { matchesOrderFilters, QUEUE_TABS, tabOf, type DashboardTab } from '@domain/orders/dashboard';
import { useDispatch } from 'react-redux';
import { api } from '../../app/api';

export type OrderFilters = Pick<OrderCountQuery, 'from' | 'to' | 'q'>;
export interface ListArgs extends OrderFilters {
  truckId: string;
  tab: DashboardTab;
}
export interface CountArgs extends OrderFilters {
  truckId: string;
}
export interface OrderRef {
  truckId: string;
  orderId: string;
}

const PAGE_SIZE = 30;

/** Query parameters without the empty ones. */
function params(filters: OrderFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

const truckTag = (truckId: string) => ({ type: 'Order' as const, id: `truck:${truckId}` });
const ordersUrl = (truckId: string) => `/trucks/${truckId}/orders`;

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    // `desk-<id>`: the Tax and tips section refreshes it when the owner saves new settings.
    orderDesk: build.query<OrderDesk, string>({ query: (truckId) => `${ordersUrl(truckId)}/desk`, providesTags: (_result, _error, truckId) => ['Truck', { type: 'Truck', id: `desk-${truckId}` }] }),
    listOrders: build.infiniteQuery<OrderPage, ListArgs, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.nextCursor },
      query: ({ queryArg: { truckId, tab, ...filters }, pageParam }) => ({
        url: ordersUrl(truckId),
        params: { tab, limit: PAGE_SIZE, ...params(filters), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    orderCounts: build.query<OrderCounts, CountArgs>({
      query: ({ truckId, ...filters }) => ({ url: `${ordersUrl(truckId)}/counts`, params: params(filters) }),
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    order: build.query<Order, OrderRef>({
      query: ({ truckId, orderId }) => `${ordersUrl(truckId)}/${orderId}`,
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    actOnOrder: build.mutation<Order, OrderRef & { action: OrderAction }>({
      query: ({ truckId, orderId, action }) => ({ url: `${ordersUrl(truckId)}/${orderId}/actions`, method: 'POST', body: action }),
      async onQueryStarted({ truckId }, { dispatch, queryFulfilled }) {
        // The answer (or a 409's current order) shows at once; the stream brings the counts.
        try {
          const { data } = await queryFulfilled;
          dispatch(storeOrder(truckId, data));
        } catch (error) {
          const current = (error as { error?: { data?: { error?: { details?: { order?: Order } } } } }).error?.data?.error?.details?.order;
          if (current) dispatch(storeOrder(truckId, current));
        }
      },
    }),
    acknowledgeOrders: build.mutation<{ acknowledged: number }, { truckId: string } & AcknowledgeOrders>({
      query: ({ truckId, orderIds }) => ({ url: `${ordersUrl(truckId)}/acknowledge`, method: 'POST', body: { orderIds } }),
    }),
    phoneOrder: build.mutation<Order, { truckId: string; order: CreateOrderInput; idempotencyKey: string }>({
      query: ({ truckId, order, idempotencyKey }) => ({ url: ordersUrl(truckId), method: 'POST', body: order, headers: { 'idempotency-key': idempotencyKey } }),
    }),
    /** Would this promotion code (none: an automatic promotion) apply to the phone order's basket now? Uses nothing. */
    checkPhonePromotion: build.mutation<PromotionPreview, { truckId: string; check: PromotionCheckInput }>({
      query: ({ truckId, check }) => ({ url: `/trucks/${truckId}/promotions/check`, method: 'POST', body: check }),
    }),
    /** The money given back on an order so far. */
    orderRefunds: build.query<RefundList, OrderRef>({
      query: ({ truckId, orderId }) => `${ordersUrl(truckId)}/${orderId}/refunds`,
      providesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    /** Gives money back (the server computes the amount): the order and its refunds load again. */
    refundOrder: build.mutation<RefundCreated, OrderRef & { refund: CreateRefund }>({
      query: ({ truckId, orderId, refund }) => ({ url: `${ordersUrl(truckId)}/${orderId}/refunds`, method: 'POST', body: refund }),
      invalidatesTags: (_result, _error, { truckId }) => [truckTag(truckId)],
    }),
    /** The menu to take a phone order from. */
    orderMenu: build.query<Menu, string>({ query: (truckId) => `/trucks/${truckId}/menu`, providesTags: ['Menu'] }),
  }),
});

export const {
  useOrderDeskQuery,
  useListOrdersInfiniteQuery,
  useOrderCountsQuery,
  useOrderQuery,
  useActOnOrderMutation,
  useAcknowledgeOrdersMutation,
  usePhoneOrderMutation,
  useOrderMenuQuery,
  useCheckPhonePromotionMutation,
  useOrderRefundsQuery,
  useRefundOrderMutation,
} = ordersApi;

export const reloadOrders = (truckId: string) => api.util.invalidateTags([truckTag(truckId)]);

/** The store as the orders endpoints see it (the API's state is injected when a screen first needs it). */
type ApiState = Parameters<typeof ordersApi.util.selectCachedArgsForQuery>[0];
type ApiDispatch = ThunkDispatch<ApiState, unknown, UnknownAction>;
type ApiThunk = (dispatch: ApiDispatch, getState: () => ApiState) => void;

/** Dispatches the cache thunks below. */
export const useOrdersDispatch = useDispatch.withTypes<ApiDispatch>();

function sortKey(order: OrderSummary): string {
  return `${order.createdAt}|${order.id}`;
}

/** Puts the order where the list shows it (or takes it out), keeping the list's order; older news is ignored. */
function placeInList(data: InfiniteData<OrderPage, string | null>, order: OrderSummary, arg: ListArgs): void {
  const pages = data.pages;
  for (const page of pages) {
    const at = page.orders.findIndex((listed) => listed.id === order.id);
    if (at < 0) continue;
    if (page.orders[at]!.version > order.version) return;
    page.orders.splice(at, 1);
  }
  if (tabOf(order.status) !== arg.tab || !matchesOrderFilters(order, arg)) return;
  const oldestFirst = QUEUE_TABS.has(arg.tab);
  const comesBefore = (other: OrderSummary) => (oldestFirst ? sortKey(order) < sortKey(other) : sortKey(order) > sortKey(other));
  for (const page of pages) {
    const at = page.orders.findIndex(comesBefore);
    if (at >= 0) {
      page.orders.splice(at, 0, order);
      return;
    }
  }
  const last = pages.at(-1);
  // Past the last loaded order: it arrives with the next page unless every page is here.
  if (last && last.nextCursor === null) last.orders.push(order);
}

/** A newer version of an order into every list and the order itself, wherever the cache holds them. */
function storeSummary(truckId: string, summary: OrderSummary, history?: Order['history'][number]): ApiThunk {
  return (dispatch, getState) => {
    const state = getState();
    for (const arg of ordersApi.util.selectCachedArgsForQuery(state, 'listOrders')) {
      if (arg.truckId === truckId) dispatch(ordersApi.util.updateQueryData('listOrders', arg, (draft) => placeInList(draft, summary, arg)));
    }
    dispatch(
      ordersApi.util.updateQueryData('order', { truckId, orderId: summary.id }, (draft) => {
        if (draft.version > summary.version) return;
        Object.assign(draft, summary);
        if (history && !draft.history.some((entry) => entry.version === history.version)) draft.history.push(history);
      }),
    );
  };
}

/** An order the server answered with (an action's result or a 409's current order). */
export function storeOrder(truckId: string, order: Order): ApiThunk {
  return (dispatch) => {
    const { lines: _lines, history, ...summary } = order;
    dispatch(ordersApi.util.upsertQueryData('order', { truckId, orderId: order.id }, order));
    dispatch(storeSummary(truckId, summary, history.at(-1)));
  };
}

/** An event of the truck's stream: lists, the order, and the tab counts (which only events move, once each). */
export function applyOrderEvent(truckId: string, event: OrderEvent): ApiThunk {
  return (dispatch, getState) => {
    dispatch(storeSummary(truckId, event.order, event.history));
    const to = tabOf(event.order.status);
    const from = event.previousStatus === null ? null : tabOf(event.previousStatus);
    if (from === to) return;
    for (const arg of ordersApi.util.selectCachedArgsForQuery(getState(), 'orderCounts')) {
      if (arg.truckId !== truckId || !matchesOrderFilters(event.order, arg)) continue;
      dispatch(
        ordersApi.util.updateQueryData('orderCounts', arg, (draft) => {
          if (from) draft[from] = Math.max(0, draft[from] - 1);
          draft[to] += 1;
        }),
      );
    }
  };
}
