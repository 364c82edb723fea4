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
import { Button } from 'antd';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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

/**
 * What a truck's screen (truck details, menu, orders, bookings, zones, hours) shows when there is no
 * truck to show. A vendor or applicant is invited to register one, with a line saying what the screen
 * will hold. An admin has no truck of their own and cannot have one here: the screen says it is not
 * theirs and leads to the review queue, rather than asking them to register a truck.
 *
 * Here rather than in a module of its own: every truck screen loads this one already, and a module
 * of its own was one more request for each of them (tests/e2e/shell-weight.spec.ts).
 */
export function NoTruck({ purpose }: { purpose: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const admin = useAppSelector((s) => s.user.role.includes('Admin'));
  if (admin) {
    return (
      <section className="td-message-page" data-testid="no-access">
        <h2>{t('noTruck.admin.title')}</h2>
        <p>{t('noTruck.admin.body')}</p>
        <Button type="primary" onClick={() => void navigate('/admin/reviews')}>
          {t('noTruck.admin.reviews')}
        </Button>
      </section>
    );
  }
  return (
    <section className="td-message-page" data-testid="no-truck">
      <h2>{t('noTruck.title')}</h2>
      <p>{purpose}</p>
      <Button type="primary" onClick={() => void navigate('/truck-register')} data-testid="register-truck">
        {t('noTruck.register')}
      </Button>
    </section>
  );
}
