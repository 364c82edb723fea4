import type { OrderSummary } from '@domain/orders/contracts';
import { describe, expect, it } from 'vitest';
import {
  orderSlice,
  setOrderActiveStatus,
  setOrderCount,
  setOrderLoading,
  setOrders,
  setOrderTabLoading,
  setSelectedOrder,
} from './orders.slice';

const reduce = orderSlice.reducer;

/** Only what the slice looks at; the rest of an order does not matter here. */
const order = (id: string, number = 1) => ({ id, number }) as OrderSummary;

describe('order slice', () => {
  it('starts empty on the pending tab', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      orders: [],
      selectedOrder: null,
      count: {},
      activeStatus: 'pending',
      tab_loading: false,
      order_loading: false,
    });
  });

  it('holds the list, selection, counts and loading flags', () => {
    let state = reduce(undefined, setOrders([order('a'), order('b')]));
    state = reduce(state, setSelectedOrder(order('b')));
    state = reduce(state, setOrderCount({ pending: 2 }));
    state = reduce(state, setOrderTabLoading(true));
    state = reduce(state, setOrderLoading(true));
    expect(state).toMatchObject({ orders: [order('a'), order('b')], selectedOrder: order('b'), count: { pending: 2 }, tab_loading: true, order_loading: true });
  });

  it('keeps the selection in step with the list', () => {
    const state = reduce(reduce(undefined, setSelectedOrder(order('a', 1))), setOrders([order('a', 7)]));
    expect(state.selectedOrder).toEqual(order('a', 7));
  });

  it('switching tab clears the selection', () => {
    const state = reduce(reduce(undefined, setSelectedOrder(order('a'))), setOrderActiveStatus('ready'));
    expect(state.activeStatus).toBe('ready');
    expect(state.selectedOrder).toBeNull();
  });
});
