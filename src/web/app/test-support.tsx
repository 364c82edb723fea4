/**
 * Helpers for the web tests (src/testing is off limits to src/web by the layer rules): the whole app
 * on a memory router, a window.matchMedia that follows a width the test sets, and an EventSource the
 * test feeds.
 */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { persistState } from './persistence';
import { Providers } from './providers';
import { TruckChoice } from './current-truck';
import { buildRoutes } from './router';
import { makeStore, type AppStore } from './store';

/**
 * The first render of a screen transforms its whole module graph (antd included) in the test
 * runner: a second alone, and 20 s and more on a 2-core machine also running the API and browser
 * layers (seen in CI). A wait that long costs nothing when the screen comes sooner.
 */
/**
 * Node's Request (which RTK Query builds) wants an absolute URL; the browser resolves a relative one
 * against the page: so does this one, for tests that answer the API with a stubbed fetch.
 */
export function stubRelativeRequests(): void {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal('Request', class extends NodeRequest {
    constructor(input: string | URL, init?: RequestInit) {
      super(new URL(input, window.location.origin), init);
    }
  });
}

/** A stand-in for the browser's EventSource (`vi.stubGlobal('EventSource', FakeEventSource)`): it opens at once and the test feeds it. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, id: number, data: unknown = {}) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export const SCREEN_TIMEOUT = { timeout: 90_000 };
export const FIND = { timeout: 60_000 };

export function installMatchMedia(initialWidth: number) {
  let width = initialWidth;
  type Listener = (event: { matches: boolean; media: string }) => void;
  const lists = new Set<{ query: string; listeners: Set<Listener> }>();
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
  vi.stubGlobal('matchMedia', (query: string) => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    };
  });
  return {
    setWidth(next: number) {
      width = next;
      act(() => lists.forEach((l) => l.listeners.forEach((listener) => listener({ matches: matches(l.query), media: l.query }))));
    },
  };
}

/** `extra` renders beside the router, inside the providers (probes of context state). */
/** Answers the API's requests in a test; `null` leaves one to the default (503). */
export type ApiStub = (request: Request) => Response | null | Promise<Response | null>;

/**
 * The screens inside the shell call the API; in these tests there is no server, so every call
 * answers 503 in the API's error shape (relative URLs resolve against the jsdom page), unless `answer` has an answer.
 */
function stubApi(answer?: ApiStub) {
  const BaseRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends BaseRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    async (request: Request) =>
      (await answer?.(request)) ?? Response.json({ error: { code: 'service_unavailable', message: 'no server in this test', fields: [] } }, { status: 503 }),
  );
}

export async function renderApp(path: string, options: { store?: AppStore; width?: number; extra?: ReactNode; api?: ApiStub } = {}) {
  const store = options.store ?? makeStore();
  persistState(store);
  const langDir = store.getState().lang_dir;
  await initI18n(langDir.lang);
  stubApi(options.api);
  const media = installMatchMedia(options.width ?? 1366);
  // jsdom has no layout: Ant Design's popups only need the observer to exist.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const truckChoice = new TruckChoice();
  const router = createMemoryRouter(buildRoutes(store, truckChoice), { initialEntries: [path] });
  const view = render(
    <Providers store={store} langDir={langDir} truckChoice={truckChoice}>
      <RouterProvider router={router} />
      {options.extra}
    </Providers>,
  );
  return { ...view, store, router, media };
}
