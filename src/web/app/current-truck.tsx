/**
 * The current truck: the one every truck page (truck info, menu, orders, bookings, zones, hours)
 * acts on. The router offers the trucks the user can reach before a dashboard screen renders, and
 * the navbar's truck switcher offers them again when they change and lets the user pick; the choice
 * survives reloads (local storage `current_truck`). Features read it with `useCurrentTruck()`,
 * since they may not import the trucks feature.
 *
 *   const { truckId, loaded } = useCurrentTruck();
 *   // truckId: null until the trucks are known, or when the user has none (loaded tells which).
 */
import { canAccess, type Action } from '@domain/access';
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
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
  offer: TruckChoice['offer'];
}

/** The stored choice when the user can still reach it, else their first truck; null while the trucks are unknown. */
export function pickTruck(chosen: string | null, reachable: readonly string[] | null): string | null {
  if (reachable === null) return null;
  return chosen !== null && reachable.includes(chosen) ? chosen : (reachable[0] ?? null);
}

interface Choice {
  chosen: string | null;
  reachable: readonly string[] | null;
  slugs: PublicSlugs;
}

/**
 * The current truck's state, outside React so that the router can offer the user's trucks and read
 * the current truck before the first screen renders (its first reads then start with the screen's
 * code, and its first paint shows them); the provider renders from it.
 */
export class TruckChoice {
  private state: Choice = { chosen: readString(CURRENT_TRUCK_KEY), reachable: null, slugs: {} };
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): Choice => this.state;

  /** The truck the screens act on now (see pickTruck). */
  truckId(): string | null {
    return pickTruck(this.state.chosen, this.state.reachable);
  }

  readonly choose = (truckId: string): void => {
    writeString(CURRENT_TRUCK_KEY, truckId);
    this.update({ chosen: truckId });
  };

  readonly offer = (truckIds: readonly string[] | null, publicSlugs: PublicSlugs = {}): void => {
    const { reachable, slugs } = this.state;
    this.update({
      reachable: reachable?.join() === truckIds?.join() ? reachable : truckIds,
      slugs: JSON.stringify(slugs) === JSON.stringify(publicSlugs) ? slugs : publicSlugs,
    });
  };

  private update(change: Partial<Choice>): void {
    const next = { ...this.state, ...change };
    if (next.chosen === this.state.chosen && next.reachable === this.state.reachable && next.slugs === this.state.slugs) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

const CurrentTruckContext = createContext<Store | null>(null);

/** `choice`: the one the router offers trucks to (app/main.tsx); tests may leave it out. */
export function CurrentTruckProvider({ choice, children }: { choice?: TruckChoice; children: ReactNode }) {
  const [own] = useState(() => choice ?? new TruckChoice());
  const { chosen, reachable, slugs } = useSyncExternalStore(own.subscribe, own.snapshot);

  const value = useMemo<Store>(() => {
    const truckId = pickTruck(chosen, reachable);
    const slug = truckId === null ? null : (slugs[truckId] ?? null);
    const publicPath = slug === null ? null : `/t/${encodeURIComponent(slug)}`;
    return { truckId, loaded: reachable !== null, publicPath, setTruckId: own.choose, offer: own.offer };
  }, [chosen, reachable, slugs, own]);

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
