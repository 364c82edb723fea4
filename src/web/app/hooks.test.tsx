import { configureStore, createSlice } from '@reduxjs/toolkit';
import { Profiler, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTransitionSelector } from './hooks';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, other: 0 },
  reducers: {
    bump: (state) => void (state.value += 1),
    bumpOther: (state) => void (state.other += 1),
  },
});
type State = { counter: ReturnType<typeof counter.reducer> };
const makeStore = () => configureStore({ reducer: { counter: counter.reducer } });

const ROWS = 150;
let commits = 0;
const countCommit = () => void (commits += 1);

function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy, on purpose
  }
}

/** A row that takes a millisecond to render, as a screen's rows do on a slow phone. */
function SlowRow({ value }: { value: number }) {
  busyFor(1);
  return <li>{value}</li>;
}

function Value() {
  const value = useTransitionSelector((state: State) => state.counter.value);
  return <ul data-value={value} />;
}

function Screen() {
  const value = useTransitionSelector((state: State) => state.counter.value);
  return (
    <ul data-value={value}>
      {Array.from({ length: ROWS }, (_, i) => (
        <SlowRow key={i} value={value} />
      ))}
    </ul>
  );
}

/** Mounts `screen` over `store`, every commit counted. */
function mount(container: HTMLElement, store: ReturnType<typeof makeStore>, screen: ReactNode) {
  const root = createRoot(container);
  root.render(
    <Provider store={store}>
      <Profiler id="screen" onRender={countCommit}>
        {screen}
      </Profiler>
    </Provider>,
  );
  return root;
}

const shown = (container: HTMLElement) => container.querySelector('ul')?.dataset.value;
const until = async (ok: () => boolean) => {
  for (let waited = 0; !ok(); waited += 5) {
    if (waited > 20_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('useTransitionSelector', () => {
  let container: HTMLElement;
  const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnvironment: boolean | undefined;
  beforeEach(() => {
    // The scheduler as a browser runs it, not act()'s, which renders everything at once.
    actEnvironment = flags.IS_REACT_ACT_ENVIRONMENT;
    flags.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    commits = 0;
  });
  afterEach(() => {
    flags.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('re-renders on a store change a few milliseconds at a time, letting other tasks run meanwhile', async () => {
    const store = makeStore();
    const root = mount(container, store, <Screen />);
    await until(() => shown(container) === '0');

    // Timers that come due while the ~150 ms re-render is under way run only if React yields.
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    store.dispatch(counter.actions.bump());
    const ticksAtDispatch = ticks;
    await until(() => shown(container) === '1');
    clearInterval(ticker);
    expect(ticks - ticksAtDispatch).toBeGreaterThan(3);
    root.unmount();
  });

  it('reads the store as it renders, and re-renders only when what it selects changes', async () => {
    const store = makeStore();
    store.dispatch(counter.actions.bump());
    const root = mount(container, store, <Value />);
    await until(() => shown(container) === '1');
    // Its effects have run: it watches the store.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const commitsBefore = commits;
    store.dispatch(counter.actions.bumpOther());
    store.dispatch(counter.actions.bumpOther());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(commits).toBe(commitsBefore);
    store.dispatch(counter.actions.bump());
    await until(() => shown(container) === '2');
    root.unmount();
  });
});
