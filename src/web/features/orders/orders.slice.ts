/**
 * The seed's `order` slice (docs/product.md §6.3): what the order dashboard shows. Server data lives in
 * the RTK Query cache (patched live by the truck's stream); this holds the dashboard's own state — the
 * tab, the selected order, the orders and counts on screen and the loading flags — kept in step with it
 * by the dashboard.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderSummary } from '@domain/orders/contracts';
// Types only: the store ships in the entry chunk, which must not carry zod (the domain module's schemas).
import type { DashboardTab } from '@domain/orders';

export interface OrderState {
  orders: OrderSummary[];
  selectedOrder: OrderSummary | null;
  /** Count per dashboard tab. */
  count: Partial<Record<DashboardTab, number>>;
  activeStatus: DashboardTab;
  tab_loading: boolean;
  order_loading: boolean;
}

const initialState: OrderState = {
  orders: [],
  selectedOrder: null,
  count: {},
  activeStatus: 'pending',
  tab_loading: false,
  order_loading: false,
};

export const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    setOrders: (state, action: PayloadAction<OrderSummary[]>) => {
      state.orders = action.payload;
      // The selection follows the order as it changes, while the list still shows it.
      const selected = state.selectedOrder && action.payload.find((order) => order.id === state.selectedOrder!.id);
      if (selected) state.selectedOrder = selected;
    },
    setSelectedOrder: (state, action: PayloadAction<OrderSummary | null>) => {
      state.selectedOrder = action.payload;
    },
    setOrderCount: (state, action: PayloadAction<Partial<Record<DashboardTab, number>>>) => {
      state.count = action.payload;
    },
    setOrderActiveStatus: (state, action: PayloadAction<DashboardTab>) => {
      state.activeStatus = action.payload;
      state.selectedOrder = null;
    },
    setOrderTabLoading: (state, action: PayloadAction<boolean>) => {
      state.tab_loading = action.payload;
    },
    setOrderLoading: (state, action: PayloadAction<boolean>) => {
      state.order_loading = action.payload;
    },
  },
});

export const { setOrders, setSelectedOrder, setOrderCount, setOrderActiveStatus, setOrderTabLoading, setOrderLoading } =
  orderSlice.actions;
