/**
 * The navbar's truck switcher. Only this wrapper ships with the dashboard's shell: the switcher
 * itself (and the API client it needs) loads right after, for a signed-in user only, so no
 * screen's first paint waits for it.
 */
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';

const TruckMenu = lazy(() => import('./truck-menu'));

export function TruckSwitcher() {
  const signedIn = useAppSelector((s) => s.auth.userModel.isLogin);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <TruckMenu />
    </Suspense>
  );
}
