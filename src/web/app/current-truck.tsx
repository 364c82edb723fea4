/**
 * The current truck: the one every truck page (truck info, menu, orders, bookings, zones, hours)
 * acts on. The navbar's truck switcher offers the trucks the user can reach and lets them pick;
 * the choice survives reloads (local storage `current_truck`). Features read it with
 * `useCurrentTruck()`, since they may not import the trucks feature.
 *
 *   const { truckId, loaded } = useCurrentTruck();
 *   // truckId: null until the trucks are known, or when the user has none (loaded tells which).
 */
import { canAccess, type Action } from '@domain/access';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useAppSelector } from './hooks';
import { readString, writeString } from './storage';

export const CURRENT_TRUCK_KEY = 'current_truck';

export interface CurrentTruck {
  /** The truck to act on: the stored choice when the user can still reach it, else their first truck. */
  truckId: string | null;
  /** True once the user's trucks are known; `truckId: null` then means they have none. */
  loaded: boolean;
  setTruckId(truckId: string): void;
}

/** Each reachable truck's public page slug (/t/{slug}), null while it has none. */
export type PublicSlugs = Readonly<Record<string, string | null>>;

interface Store extends CurrentTruck {
  /** The current truck's public page (/t/{slug}), null when it has none (or none is known yet). */
  publicPath: string | null;
  /** The switcher tells which trucks the user can reach (null: not known yet), and their public pages. */
  offer(truckIds: readonly string[] | null, publicSlugs?: PublicSlugs): void;
}

const CurrentTruckContext = createContext<Store | null>(null);

export function CurrentTruckProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<string | null>(() => readString(CURRENT_TRUCK_KEY));
  const [reachable, setReachable] = useState<readonly string[] | null>(null);
  const [slugs, setSlugs] = useState<PublicSlugs>({});

  const setTruckId = useCallback((truckId: string) => {
    writeString(CURRENT_TRUCK_KEY, truckId);
    setChosen(truckId);
  }, []);

  const offer = useCallback((truckIds: readonly string[] | null, publicSlugs: PublicSlugs = {}) => {
    setReachable((previous) => (previous?.join() === truckIds?.join() ? previous : truckIds));
    setSlugs((previous) => (JSON.stringify(previous) === JSON.stringify(publicSlugs) ? previous : publicSlugs));
  }, []);

  const value = useMemo<Store>(() => {
    const truckId = reachable === null ? null : chosen !== null && reachable.includes(chosen) ? chosen : (reachable[0] ?? null);
    const slug = truckId === null ? null : (slugs[truckId] ?? null);
    const publicPath = slug === null ? null : `/t/${encodeURIComponent(slug)}`;
    return { truckId, loaded: reachable !== null, publicPath, setTruckId, offer };
  }, [chosen, reachable, slugs, setTruckId, offer]);

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

/** The current truck's public page path (/t/{slug}), or null while it has none: what the settings drawer shares. */
export function usePublicPagePath(): string | null {
  return useStore().publicPath;
}

/** For the truck switcher only: publishes the trucks the user can reach. */
export function useOfferTrucks(): Store['offer'] {
  return useStore().offer;
}

/**
 * May the user do `action` on `screen` for the current truck? The access list the server sent, read
 * for the user's role on that truck (staff on one truck may own another). Display only: the server
 * checks every request on its own.
 */
export function useCanAccess(screen: string, action: Action = 'read'): boolean {
  const { truckId } = useCurrentTruck();
  return useAppSelector((s) => canAccess(s.accessControl.accessList, screen, action, truckId));
}
