/**
 * The /orders screen, with the shell's new-order alerts beside it as the signed-in app has them, the
 * API answered in memory and the event stream driven by the test:
 * tabs and counts, only legal actions, a live new order that rings until heard and shows in the
 * title, a change from another device moving an order between tabs, the version on actions, and a
 * dropped stream resuming after its last event with a fresh ticket, and an action taken with no
 * connection kept in the device queue (waiting to send) and sent when it returns (decision 018).
 */
// The offline counter (decision 018) keeps its queue and saved reads in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { Order, OrderCounts, OrderEvent, OrderSummary } from '@domain/orders/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { langDirFor } from '../../app/lang-dir.slice';
import { Providers } from '../../app/providers';
import { makeStore, type AppStore } from '../../app/store';
import { attentionTotal, useAttention } from '../../app/shell/attention';
import { FakeEventSource, FIND, installMatchMedia, stubRelativeRequests } from '../../app/test-support';
import { initI18n } from '../../i18n/i18n';
import { AntdProvider } from '../../app/antd-provider';
import { deviceStore } from '../../app/offline/outbox';
import { OrderAlertsForTruck } from './order-alerts.shell';
import { orderAlerts } from './order-alerts.state';
import { OrderDashboard } from './order-dashboard';
import { setOrderCount, setOrders, setOrderTabLoading } from './orders.slice';

const TRUCK = '11111111-1111-4111-8111-111111111111';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MINUTE = 60_000;

function summary(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  const created = new Date(Date.now() - (10 - n) * MINUTE).toISOString();
  return {
    id: uuid(n),
    truckId: TRUCK,
    publicId: `p${n}`,
    number: n,
    businessDate: '2025-05-01',
    status: 'pending',
    type: 'pickup',
    source: 'online',
    customer: { name: `Customer ${n}`, phone: '+96555512345' },
    delivery: null,
    itemCount: 2,
    subtotal: 2_800,
    deliveryFee: 0,
    total: 2_800,
    refundedMinor: 0,
    money: { subtotal: 2_800, discount: 0, promotionCode: null, deliveryFee: 0, deliveryFeeTax: 0, tax: 0, taxRateBp: 0, pricesIncludeTax: false, tip: 0, netSales: 2_800, total: 2_800 },
    currency: 'KWD',
    paymentMethod: 'cash',
    paymentStatus: 'unpaid',
    requestedTime: null,
    estimatedReadyAt: null,
    acceptBy: new Date(Date.now() + 8 * MINUTE).toISOString(),
    acknowledgedAt: created,
    createdAt: created,
    updatedAt: created,
    version: 0,
    ...overrides,
  };
}

const full = (order: OrderSummary): Order => ({
  ...order,
  invoice: null,
  lines: [{ itemId: uuid(900), nameEn: 'Chicken shawarma', nameAr: 'شاورما دجاج', unitPrice: 1_400, qty: 2, options: [], note: 'No pickles', total: 2_800, taxCategory: 'standard', discount: 0, tax: 0 }],
  history: [{ version: 0, status: 'pending', action: 'place', reason: null, at: order.createdAt, actor: null }],
});

let lists: Record<string, OrderSummary[]>;
let counts: OrderCounts;
let requests: { method: string; path: string; search: string; body: unknown }[];
let actionAnswer: (body: { version: number }) => Response;
/** Holds the desk's answer back while set: the screen's first load. */
let deskHeld: Promise<void> | null;
/** No network while set: every request fails as fetch does with no connection. */
let networkDown: boolean;
let onlineSpy: MockInstance<() => boolean> | null = null;

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

// The stream loads the events' contract with the first order event (decision 015); fetched once here,
// so loading it on a busy machine does not eat the waits below.
beforeAll(() => import('@domain/orders/contracts'));

let scrolledTo: string[];

beforeEach(async () => {
  FakeEventSource.opened = [];
  requests = [];
  lists = { pending: [summary(1), summary(2)], in_progress: [], ready: [], completed: [], closed: [] };
  counts = { pending: 2, in_progress: 0, ready: 0, completed: 5, closed: 1 };
  actionAnswer = () => json({ error: { code: 'internal', message: '' } }, 500);
  deskHeld = null;
  networkDown = false;
  installMatchMedia(1366);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  // jsdom lays nothing out; which card the screen brings into view is what the tests read.
  scrolledTo = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this.getAttribute('data-testid') ?? '');
  };
  vi.stubGlobal('EventSource', FakeEventSource);
  stubRelativeRequests();
  // Called as fetch is: with a Request (the API client) or a url and its init (the device queue).
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    if (networkDown) throw new TypeError('Failed to fetch');
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.text().then((text) => (text ? JSON.parse(text) : undefined));
    requests.push({ method: request.method, path: url.pathname, search: url.search, body });
    const base = `/api/v1/trucks/${TRUCK}`;
    const path = url.pathname;
    if (path === `${base}/orders/desk`) {
      await deskHeld;
      return json({ truckId: TRUCK, nameEn: 'Saj Station', nameAr: 'محطة الصاج', currency: 'KWD', timeZone: 'Asia/Kuwait', defaultPrepMinutes: 15, acceptanceWindowMinutes: 10, autoAccept: false, location: null });
    }
    if (path === `${base}/orders/counts`) return json(counts);
    if (path === `${base}/orders`) return json({ orders: lists[url.searchParams.get('tab') ?? 'pending'] ?? [], nextCursor: null });
    if (path === `${base}/events/ticket`) return json({ ticket: `ticket-${FakeEventSource.opened.length}`, expiresAt: new Date().toISOString() }, 201);
    if (path === `${base}/orders/acknowledge`) return json({ acknowledged: (body as { orderIds: string[] }).orderIds.length });
    const action = new RegExp(`^${base}/orders/([\\w-]+)/actions$`).exec(path);
    if (action) return actionAnswer(body as { version: number });
    const one = new RegExp(`^${base}/orders/([\\w-]+)$`).exec(path);
    const found = one && Object.values(lists).flat().find((order) => order.id === one[1]);
    if (found) return json(full(found));
    return json({ error: { code: 'not_found', message: '' } }, 404);
  });
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  orderAlerts.reset();
  vi.unstubAllGlobals();
  onlineSpy?.mockRestore();
  onlineSpy = null;
  // The device queue and saved reads (fake IndexedDB) start empty for every test.
  const db = await deviceStore();
  await Promise.all([db.clear('changes'), db.clear('ids'), db.clear('reads'), db.clear('counters')]);
});

/** What the shell shows on the sidebar's Orders entry and in the tab title. */
function AttentionProbe() {
  const counts = useAttention();
  return <output data-testid="attention" data-orders={counts['/orders'] ?? 0} data-total={attentionTotal(counts)} />;
}

function mountDashboard(store: AppStore) {
  render(
    <Providers store={store} langDir={langDirFor('en')}>
      <MemoryRouter initialEntries={['/orders']}>
        <AntdProvider>
          <OrderAlertsForTruck truckId={TRUCK} />
          <AttentionProbe />
          <OrderDashboard truckId={TRUCK} />
        </AntdProvider>
      </MemoryRouter>
    </Providers>,
  );
}

async function renderDashboard(): Promise<AppStore> {
  const store = makeStore({ lang_dir: langDirFor('en') });
  mountDashboard(store);
  await waitFor(() => expect(screen.getByTestId('order-card-1')).toBeTruthy());
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  return store;
}

const stream = () => FakeEventSource.opened.at(-1)!;
const countOf = (tab: string) => screen.getByTestId(`orders-count-${tab}`).textContent;

describe('the order dashboard', () => {
  it('shows the tabs with their counts and a pending order with only what it allows', async () => {
    const store = await renderDashboard();
    await waitFor(() => expect(countOf('pending')).toBe('2'));
    expect(countOf('completed')).toBe('5');
    expect(store.getState().order).toMatchObject({ activeStatus: 'pending', count: counts });
    expect(store.getState().order.orders.map((order) => order.number)).toEqual([1, 2]);

    fireEvent.click(screen.getByTestId('order-card-1'));
    const panel = await screen.findByTestId('order-panel');
    await waitFor(() => expect(within(panel).getByText('Chicken shawarma')).toBeTruthy());
    expect(within(panel).getByRole('button', { name: 'Accept · 15 min' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Ready' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Handed over' })).toBeNull();
    expect(store.getState().order.selectedOrder?.id).toBe(uuid(1));
  });

  it('covers the page with the overlay (loading.page) until its first data is in, then never again', async () => {
    let release!: () => void;
    deskHeld = new Promise((resolve) => (release = resolve));
    const store = makeStore({ lang_dir: langDirFor('en') });
    mountDashboard(store);
    await waitFor(() => expect(requests.some((request) => request.path.endsWith('/orders/desk'))).toBe(true));
    expect(store.getState().loading.page).toBe(true);
    release();
    await waitFor(() => expect(screen.getByTestId('order-card-1')).toBeTruthy());
    expect(store.getState().loading.page).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: /In progress/ }));
    expect(store.getState().loading.page).toBe(false);
  });

  it('shows the orders, counts and loading flags the order slice holds', async () => {
    const store = await renderDashboard();
    await waitFor(() => expect(countOf('pending')).toBe('2'));
    const panel = screen.getByRole('tabpanel');
    act(() => {
      store.dispatch(setOrders([summary(7)]));
      store.dispatch(setOrderCount({ pending: 9 }));
      store.dispatch(setOrderTabLoading(true));
    });
    expect(screen.getByTestId('order-card-7')).toBeTruthy();
    expect(screen.queryByTestId('order-card-1')).toBeNull();
    expect(countOf('pending')).toBe('9');
    expect(countOf('completed')).toBe('…');
    expect(panel.getAttribute('aria-busy')).toBe('true');
  });

  // The file's first order events: they arrive while the stream still loads the events' contract.
  it('applies the events that arrive while their contract loads in the order they came', async () => {
    await renderDashboard();
    await waitFor(() => expect(countOf('pending')).toBe('2'));
    const fresh = summary(3, { acknowledgedAt: null });
    const accepted = { ...fresh, status: 'accepted' as const, version: 1, acknowledgedAt: new Date().toISOString() };
    act(() => {
      stream().emit('order.created', 45, { order: fresh, previousStatus: null } satisfies OrderEvent);
      stream().emit('order.changed', 46, { order: accepted, previousStatus: 'pending' } satisfies OrderEvent);
    });
    await waitFor(() => expect(countOf('in_progress')).toBe('1'));
    expect(countOf('pending')).toBe('2');
    expect(screen.queryByTestId('order-card-3')).toBeNull();
  });

  it('opens the stream with a ticket, not a token, and shows a new order live: ringing, counted for the sidebar and title, until heard', async () => {
    await renderDashboard();
    expect(stream().url).toBe(`/api/v1/trucks/${TRUCK}/events?ticket=ticket-0`);
    expect(stream().url).not.toMatch(/token|bearer/i);
    await waitFor(() => expect(countOf('pending')).toBe('2'));

    const fresh = summary(3, { acknowledgedAt: null, createdAt: new Date().toISOString() });
    const created: OrderEvent = { order: fresh, previousStatus: null };
    act(() => stream().emit('order.created', 41, created));
    await waitFor(() => expect(screen.getByTestId('order-card-3')).toBeTruthy());
    expect(screen.getByTestId('order-card-3').getAttribute('data-ringing')).toBe('true');
    expect(countOf('pending')).toBe('3');
    expect(screen.getByTestId('orders-ringing').textContent).toContain('1 new order');
    // The banner says which order it is, and its card is brought into view.
    expect(screen.getByTestId('orders-ringing-newest').textContent).toBe(`#003 from ${fresh.customer.name}`);
    expect(scrolledTo).toEqual(['order-card-3']);
    // The orders already there when the app opened do not count; the new one does.
    await waitFor(() => expect(screen.getByTestId('attention').getAttribute('data-orders')).toBe('1'));
    expect(screen.getByTestId('attention').getAttribute('data-total')).toBe('1');

    fireEvent.click(within(screen.getByTestId('orders-ringing')).getByRole('button', { name: 'Heard it' }));
    await waitFor(() => expect(screen.queryByTestId('orders-ringing')).toBeNull());
    expect(screen.getByTestId('attention').getAttribute('data-orders')).toBe('0');
    expect(requests.find((request) => request.path.endsWith('/orders/acknowledge'))?.body).toEqual({ orderIds: [fresh.id] });
  });

  it('rings only after a first tap on the page, and raises a notification when the browser allows it', async () => {
    const chimes: number[] = [];
    class FakeAudioContext {
      static created = 0;
      state = 'suspended';
      currentTime = 0;
      destination = {};
      constructor() {
        FakeAudioContext.created++;
      }
      resume() {
        this.state = 'running';
        return Promise.resolve();
      }
      createOscillator() {
        const node = { type: '', frequency: { value: 0 }, connect: (next: unknown) => next, start: () => chimes.push(Date.now()), stop() {} };
        return node;
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next: unknown) => next };
      }
    }
    const notifications: { title: string; body?: string }[] = [];
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal(
      'Notification',
      Object.assign(
        class {
          constructor(title: string, options?: { body?: string }) {
            notifications.push({ title, body: options?.body });
          }
        },
        { permission: 'granted' },
      ),
    );
    await renderDashboard();
    act(() => stream().emit('order.created', 43, { order: summary(4, { acknowledgedAt: null }), previousStatus: null } satisfies OrderEvent));
    await waitFor(() => expect(screen.getByTestId('orders-ringing')).toBeTruthy());
    // No gesture yet: the browser would refuse sound, so nothing plays.
    expect(FakeAudioContext.created).toBe(0);
    expect(chimes).toHaveLength(0);
    expect(notifications).toEqual([{ title: 'New order #004', body: expect.stringMatching(/^Customer 4 · KWD\s2\.800$/) }]);

    fireEvent.pointerDown(document.body);
    expect(FakeAudioContext.created).toBe(1);
    act(() => stream().emit('order.created', 44, { order: summary(5, { acknowledgedAt: null }), previousStatus: null } satisfies OrderEvent));
    await waitFor(() => expect(chimes.length).toBeGreaterThan(0));
  });

  it('moves an order changed on another device out of its tab at once, and counts it in the next', async () => {
    await renderDashboard();
    await waitFor(() => expect(countOf('pending')).toBe('2'));
    const accepted = summary(1, { status: 'accepted', version: 1, estimatedReadyAt: new Date(Date.now() + 15 * MINUTE).toISOString() });
    act(() => stream().emit('order.changed', 42, { order: accepted, previousStatus: 'pending' } satisfies OrderEvent));
    await waitFor(() => expect(screen.queryByTestId('order-card-1')).toBeNull());
    expect(countOf('pending')).toBe('1');
    expect(countOf('in_progress')).toBe('1');
    // The same event again (never sent twice by one stream, but harmless): an older or equal version changes nothing.
    act(() => stream().emit('order.changed', 42, { order: summary(1), previousStatus: null } satisfies OrderEvent));
    expect(screen.queryByTestId('order-card-1')).toBeNull();
  });

  it('sends the version it shows with an action, and shows the current order when another device was first', async () => {
    await renderDashboard();
    fireEvent.click(screen.getByTestId('order-card-2'));
    const panel = await screen.findByTestId('order-panel');
    const current = full(summary(2, { status: 'rejected', version: 1 }));
    actionAnswer = () => json({ error: { code: 'conflict', message: '', details: { order: current } } }, 409);
    fireEvent.click(await within(panel).findByRole('button', { name: 'Accept · 20 min' }));
    await waitFor(() => expect(within(screen.getByTestId('order-panel')).getByTestId('order-status').textContent).toBe('Rejected'));
    expect(requests.find((request) => request.path.endsWith('/actions'))?.body).toEqual({ action: 'accept', prepMinutes: 20, version: 0 });
    expect(within(screen.getByTestId('order-panel')).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('says so at once when the network drops, keeps its orders, queues an action as waiting to send, and on its return sends it, catches up and rings', async () => {
    const online = (onlineSpy = vi.spyOn(navigator, 'onLine', 'get'));
    await renderDashboard();
    act(() => stream().emit('order.changed', 60, { order: summary(2), previousStatus: null } satisfies OrderEvent));
    await waitFor(() => expect(screen.getByTestId('orders-live').getAttribute('data-status')).toBe('live'));
    // The order is open when the connection goes (an order never opened has no saved copy to show offline).
    fireEvent.click(screen.getByTestId('order-card-1'));
    const panel = await screen.findByTestId('order-panel');
    await within(panel).findByRole('button', { name: 'Accept · 15 min' });

    online.mockReturnValue(false);
    networkDown = true;
    act(() => void window.dispatchEvent(new Event('offline')));
    await waitFor(() => expect(screen.getByTestId('orders-live').getAttribute('data-status')).toBe('offline'));
    expect(screen.getByTestId('orders-offline').textContent).toMatch(/^Offline\. Orders, status changes and sold-out switches are kept on this device/);
    expect(stream().closed).toBe(true);
    expect(screen.getByTestId('order-card-1')).toBeTruthy();

    // With no connection the action is kept on the device (decision 018): shown at once as it will be, marked waiting.
    const pendingBefore = Number(countOf('pending'));
    expect(countOf('in_progress')).toBe('0');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Accept · 15 min' }));
    await waitFor(() => expect(within(screen.getByTestId('order-panel')).getByTestId('order-status').textContent).toBe('Accepted'));
    expect(within(screen.getByTestId('order-panel')).getByTestId('order-panel-waiting').textContent).toBe('Waiting to send');
    await waitFor(() => expect(countOf('pending')).toBe(String(pendingBefore - 1)));
    expect(countOf('in_progress')).toBe('1');
    expect(screen.queryByTestId('order-card-1')).toBeNull();
    expect(screen.queryByText(/Nothing was sent/)).toBeNull();
    expect(requests.filter((request) => request.path.endsWith('/actions'))).toEqual([]);

    // Back online: the queue sends the action with the version it was made on, and the server's state is shown.
    actionAnswer = () => {
      const accepted = summary(1, { status: 'accepted', version: 1 });
      lists.pending = lists.pending!.filter((order) => order.id !== accepted.id);
      lists.in_progress = [accepted];
      counts = { ...counts, pending: lists.pending.length, in_progress: 1 };
      return json(full(accepted));
    };
    networkDown = false;
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(stream().url).toBe(`/api/v1/trucks/${TRUCK}/events?ticket=ticket-1&lastEventId=60`);
    // Sent as the connection returns, not after the back-off its failed tries offline had set.
    await waitFor(() => expect(requests.filter((request) => request.path.endsWith('/actions'))).toHaveLength(1), FIND);
    expect(requests.find((request) => request.path.endsWith('/actions'))?.body).toEqual({ action: 'accept', prepMinutes: 15, version: 0 });
    await waitFor(() => expect(screen.queryByTestId('order-panel-waiting')).toBeNull(), FIND);
    expect(within(screen.getByTestId('order-panel')).getByTestId('order-status').textContent).toBe('Accepted');
    // The queue empty, the screen reads the server's lists and counts again: its figures, not the device's
    // (which had counted the replayed order 2 once more).
    expect(pendingBefore - 1).not.toBe(1);
    await waitFor(() => expect(countOf('pending')).toBe('1'), FIND);
    expect(countOf('in_progress')).toBe('1');
    // The server replays what was missed: an order placed meanwhile arrives and rings.
    act(() => stream().emit('order.created', 61, { order: summary(7, { acknowledgedAt: null }), previousStatus: null } satisfies OrderEvent));
    await waitFor(() => expect(screen.getByTestId('orders-ringing').textContent).toContain('1 new order'));
    await waitFor(() => expect(screen.getByTestId('orders-live').getAttribute('data-status')).toBe('live'));
    expect(screen.queryByTestId('orders-offline')).toBeNull();
  });

  it('keeps the screen on while it is open with the ring on, with a switch to stop it', async () => {
    class RunningAudioContext {
      state = 'suspended';
      resume() {
        this.state = 'running';
        return Promise.resolve();
      }
    }
    const sentinels: { released: boolean; release(): Promise<void>; addEventListener(): void }[] = [];
    const request = vi.fn(async (type: string) => {
      expect(type).toBe('screen');
      const sentinel = {
        released: false,
        release: async () => void (sentinel.released = true),
        addEventListener() {},
      };
      sentinels.push(sentinel);
      return sentinel;
    });
    vi.stubGlobal('AudioContext', RunningAudioContext);
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    try {
      await renderDashboard();
      const toggle = within(screen.getByTestId('orders-wake-lock')).getByRole('checkbox');
      expect((toggle as HTMLInputElement).checked).toBe(true);
      // Not before the ring can sound (the first tap).
      expect(request).not.toHaveBeenCalled();
      fireEvent.pointerDown(document.body);
      await waitFor(() => expect(screen.getByTestId('orders-wake-lock').getAttribute('data-held')).toBe('true'));
      expect(request).toHaveBeenCalledTimes(1);

      fireEvent.click(toggle);
      await waitFor(() => expect(screen.getByTestId('orders-wake-lock').getAttribute('data-held')).toBe('false'));
      expect(sentinels[0]!.released).toBe(true);
      expect(localStorage.getItem('orders_keep_awake')).toBe('false');

      fireEvent.click(toggle);
      await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
      cleanup();
      expect(sentinels[1]!.released).toBe(true);
    } finally {
      Reflect.deleteProperty(navigator, 'wakeLock');
      localStorage.removeItem('orders_keep_awake');
    }
  });

  it('reconnects after a drop with a new ticket, resuming after the last event it had', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderDashboard();
      act(() => stream().emit('order.changed', 57, { order: summary(2, { acknowledgedAt: new Date().toISOString() }), previousStatus: 'pending' } satisfies OrderEvent));
      const dropped = stream();
      act(() => dropped.onerror?.());
      expect(dropped.closed).toBe(true);
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
      expect(stream().url).toBe(`/api/v1/trucks/${TRUCK}/events?ticket=ticket-1&lastEventId=57`);
    } finally {
      vi.useRealTimers();
    }
  });
});
