import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_TRUCK_KEY, CurrentTruckProvider, TruckChoice, useCurrentTruck, useOfferTrucks } from './current-truck';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Plays the switcher (offering trucks) and a page (reading the current one). */
function Probe({ offered }: { offered: string[] | null }) {
  const offer = useOfferTrucks();
  const { truckId, loaded, setTruckId } = useCurrentTruck();
  useEffect(() => offer(offered), [offer, offered]);
  return (
    <>
      <output data-testid="current">{`${loaded ? 'loaded' : 'loading'}:${truckId ?? 'none'}`}</output>
      <button type="button" onClick={() => setTruckId('truck-b')}>
        pick b
      </button>
    </>
  );
}

const renderWith = (offered: string[] | null) =>
  render(
    <CurrentTruckProvider>
      <Probe offered={offered} />
    </CurrentTruckProvider>,
  );

describe('the current truck', () => {
  it('is unknown until the trucks are, then the first truck', () => {
    const { rerender } = renderWith(null);
    expect(screen.getByTestId('current').textContent).toBe('loading:none');
    rerender(
      <CurrentTruckProvider>
        <Probe offered={['truck-a', 'truck-b']} />
      </CurrentTruckProvider>,
    );
    expect(screen.getByTestId('current').textContent).toBe('loaded:truck-a');
  });

  it('keeps the choice across a reload', () => {
    const first = renderWith(['truck-a', 'truck-b']);
    act(() => screen.getByRole('button').click());
    expect(screen.getByTestId('current').textContent).toBe('loaded:truck-b');
    expect(localStorage.getItem(CURRENT_TRUCK_KEY)).toBe('truck-b');
    first.unmount();

    renderWith(['truck-a', 'truck-b']);
    expect(screen.getByTestId('current').textContent).toBe('loaded:truck-b');
  });

  it('falls back to the first truck when the stored one is out of reach, and to none without trucks', () => {
    localStorage.setItem(CURRENT_TRUCK_KEY, 'someone-elses-truck');
    const { unmount } = renderWith(['truck-a']);
    expect(screen.getByTestId('current').textContent).toBe('loaded:truck-a');
    unmount();
    renderWith([]);
    expect(screen.getByTestId('current').textContent).toBe('loaded:none');
  });

  it('is known at the first render when the trucks were offered before it (the router offers them with the code)', () => {
    localStorage.setItem(CURRENT_TRUCK_KEY, 'truck-b');
    const choice = new TruckChoice();
    choice.offer(['truck-a', 'truck-b']);
    expect(choice.truckId()).toBe('truck-b');
    const firstRenders: string[] = [];
    function FirstRender() {
      const { truckId, loaded } = useCurrentTruck();
      const [first] = useState(`${loaded ? 'loaded' : 'loading'}:${truckId ?? 'none'}`);
      firstRenders.push(first);
      return null;
    }
    render(
      <CurrentTruckProvider choice={choice}>
        <FirstRender />
      </CurrentTruckProvider>,
    );
    expect(firstRenders[0]).toBe('loaded:truck-b');
    act(() => choice.offer(['truck-a']));
    expect(choice.truckId()).toBe('truck-a');
  });
});
