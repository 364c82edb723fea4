/**
 * The navbar's truck switcher. Only this wrapper ships with the dashboard's shell: the switcher
 * itself (and the API client it needs) loads beside the dashboard layout's code, for a signed-in
 * user only (app/router.tsx), which also reads the user's trucks with it before the first screen.
 */
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import type * as TruckMenuModule from './truck-menu';

let truckMenu: Promise<typeof TruckMenuModule> | undefined;
/** The switcher's code, fetched once: by the router with the dashboard layout's, or as it first renders. */
export const loadTruckMenu = () =>
  (truckMenu ??= import('./truck-menu').catch((error: unknown) => {
    // Not fetched (the network, a new version deployed meanwhile): the next use tries again.
    truckMenu = undefined;
    throw error;
  }));
const TruckMenu = lazy(loadTruckMenu);

export function TruckSwitcher() {
  const signedIn = useAppSelector((s) => s.auth.userModel.isLogin);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <TruckMenu />
    </Suspense>
  );
}
