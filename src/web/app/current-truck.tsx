/**
 * The current truck: the one every truck page (truck info, menu, orders, bookings, zones, hours)
 * acts on. The navbar's truck switcher offers the trucks the user can reach and lets them pick;
 * the choice survives reloads (local storage `current_truck`). Features read it with
 * `useCurrentTruck()`, since they may not import the trucks feature.
 *
 *   const { truckId, loaded } = useCurrentTruck();
 *   // truckId: null until the trucks are known, or when the user has none (loaded tells which).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readString, writeString } from './storage';

export const CURRENT_TRUCK_KEY = 'current_truck';

export interface CurrentTruck {
  /** The truck to act on: the stored choice when the user can still reach it, else their first truck. */
  truckId: string | null;
  /** True once the user's trucks are known; `truckId: null` then means they have none. */
  loaded: boolean;
  setTruckId(truckId: string): void;
}

interface Store extends CurrentTruck {
  /** The switcher tells which trucks the user can reach (null: not known yet). */
  offer(truckIds: readonly string[] | null): void;
}

const CurrentTruckContext = createContext<Store | null>(null);

export function CurrentTruckProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<string | null>(() => readString(CURRENT_TRUCK_KEY));
  const [reachable, setReachable] = useState<readonly string[] | null>(null);

  const setTruckId = useCallback((truckId: string) => {
    writeString(CURRENT_TRUCK_KEY, truckId);
    setChosen(truckId);
  }, []);

  const offer = useCallback((truckIds: readonly string[] | null) => {
    setReachable((previous) => (previous?.join() === truckIds?.join() ? previous : truckIds));
  }, []);

  const value = useMemo<Store>(() => {
    const truckId = reachable === null ? null : chosen !== null && reachable.includes(chosen) ? chosen : (reachable[0] ?? null);
    return { truckId, loaded: reachable !== null, setTruckId, offer };
  }, [chosen, reachable, setTruckId, offer]);

  return <CurrentTruckContext.Provider value={value}>{children}</CurrentTruckContext.Provider>;
}

function useStore(): Store {
  const store = useContext(CurrentTruckContext);
  if (!store) throw new Error('useCurrentTruck needs <CurrentTruckProvider> (app/providers.tsx)');
  return store;
}

export function useCurrentTruck(): CurrentTruck {
  const { truckId, loaded, setTruckId } = useStore();
  return { truckId, loaded, setTruckId };
}

/** For the truck switcher only: publishes the trucks the user can reach. */
export function useOfferTrucks(): Store['offer'] {
  return useStore().offer;
}
