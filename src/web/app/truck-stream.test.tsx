/**
 * The tab's one live stream per truck: screens that follow the same truck share one EventSource,
 * each gets the events it asked for, a listener joining late learns the stream's status, the stream
 * closes with its last listener, and a listener can have events sent again.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from './store';
import { FakeEventSource, stubRelativeRequests } from './test-support';
import { useTruckStream, type StreamHandle } from './truck-stream';

const TRUCK = '11111111-1111-4111-8111-111111111111';

let tickets = 0;
let heard: string[];
let resume: StreamHandle | undefined;

beforeEach(() => {
  FakeEventSource.opened = [];
  tickets = 0;
  heard = [];
  resume = undefined;
  vi.stubGlobal('EventSource', FakeEventSource);
  stubRelativeRequests();
  vi.stubGlobal('fetch', async (request: Request) => {
    expect(new URL(request.url).pathname).toBe(`/api/v1/trucks/${TRUCK}/events/ticket`);
    tickets += 1;
    return new Response(JSON.stringify({ ticket: `ticket-${tickets}`, expiresAt: new Date().toISOString() }), { status: 201, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A screen following the truck: it notes the events it hears and shows the stream's status. */
function Follower({ name, events }: { name: string; events: string[] }) {
  const status = useTruckStream(TRUCK, () => ({
    events: Object.fromEntries(
      events.map((event) => [
        event,
        (message: MessageEvent<string>, stream: StreamHandle) => {
          heard.push(`${name} ${event} ${message.lastEventId}`);
          resume = stream;
        },
      ]),
    ),
    reload: (message) => heard.push(`${name} reload ${message.lastEventId}`),
  }));
  return <output data-testid={name}>{status}</output>;
}

const tree = (store: AppStore, followers: { name: string; events: string[] }[]) => (
  <Provider store={store}>
    {followers.map((follower) => (
      <Follower key={follower.name} {...follower} />
    ))}
  </Provider>
);

const mount = (store: AppStore, followers: { name: string; events: string[] }[]) => render(tree(store, followers));

const stream = () => FakeEventSource.opened.at(-1)!;

describe("the truck's live stream", () => {
  it('is one connection for every screen following the truck, each hearing the events it asked for', async () => {
    mount(makeStore(), [
      { name: 'alerts', events: ['order.created'] },
      { name: 'bookings', events: ['booking.changed'] },
    ]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(tickets).toBe(1);
    expect(stream().url).toBe(`/api/v1/trucks/${TRUCK}/events?ticket=ticket-1`);
    act(() => stream().onopen?.());
    expect(screen.getByTestId('alerts').textContent).toBe('live');
    expect(screen.getByTestId('bookings').textContent).toBe('live');
    act(() => {
      stream().emit('ready', 1);
      stream().emit('order.created', 2);
      stream().emit('booking.changed', 3);
    });
    expect(heard).toEqual(['alerts reload 1', 'bookings reload 1', 'alerts order.created 2', 'bookings booking.changed 3']);
  });

  it('tells a screen that joins later the status it has, and listens for its events too', async () => {
    const store = makeStore();
    const first = mount(store, [{ name: 'alerts', events: ['order.created'] }]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => stream().onopen?.());
    first.rerender(
      tree(store, [
        { name: 'alerts', events: ['order.created'] },
        { name: 'home', events: ['order.changed'] },
      ]),
    );
    expect(screen.getByTestId('home').textContent).toBe('live');
    act(() => stream().emit('order.changed', 4));
    expect(heard).toEqual(['home order.changed 4']);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('stays open while a screen still follows it, and closes with the last one', async () => {
    const store = makeStore();
    const view = mount(store, [
      { name: 'alerts', events: ['order.created'] },
      { name: 'bookings', events: ['booking.changed'] },
    ]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    view.rerender(tree(store, [{ name: 'alerts', events: ['order.created'] }]));
    expect(stream().closed).toBe(false);
    view.unmount();
    expect(stream().closed).toBe(true);
  });

  it('sends events again from where a listener asks, to everyone, with a new ticket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mount(makeStore(), [
        { name: 'alerts', events: ['order.created'] },
        { name: 'home', events: ['order.created'] },
      ]);
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      act(() => stream().emit('order.created', 7));
      const first = stream();
      act(() => resume!.resumeAfter('6'));
      expect(first.closed).toBe(true);
      expect(screen.getByTestId('alerts').textContent).toBe('offline');
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
      expect(stream().url).toBe(`/api/v1/trucks/${TRUCK}/events?ticket=ticket-2&lastEventId=6`);
    } finally {
      vi.useRealTimers();
    }
  });
});
