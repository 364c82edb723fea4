/**
 * Guards a screen by the access list the server sent with the session (docs/product.md §1). Display
 * only: the server checks every request on its own. Plain markup, as it ships with the router.
 */
import { canAccess, isTruckScreen, screenFor } from '@domain/access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { useAppSelector } from '../../app/hooks';

function NoAccess() {
  const { t } = useTranslation('accounts');
  return (
    <section className="td-message-page" data-testid="no-access">
      <h2>{t('noAccess.title')}</h2>
      <p>{t('noAccess.body')}</p>
      <Link className="td-button td-button--primary" to="/home">
        {t('noAccess.home')}
      </Link>
    </section>
  );
}

export function RequireAccess({ screen, children }: { screen: string; children: ReactNode }) {
  const accessList = useAppSelector((s) => s.accessControl.accessList);
  // A truck screen follows the user's role on the current truck (staff on one, owner of another).
  const { truckId } = useCurrentTruck();
  if (canAccess(accessList, screen, 'read', truckId)) return <>{children}</>;
  return <NoAccess />;
}

/**
 * The dashboard's truck screens (menu, orders, zones, …) for the current truck, by the user's role
 * on it: staff of a truck reach its orders but not its zones or details. Until the trucks are known,
 * or for a list without per-truck entries, the screen shows and the server has the last word.
 */
export function TruckScreenGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const accessList = useAppSelector((s) => s.accessControl.accessList);
  const { truckId, loaded } = useCurrentTruck();
  const screen = screenFor(pathname);
  const known = loaded && truckId !== null && accessList.some((entry) => entry.truckId === truckId);
  // No truck, and no way to one: an Admin reviews trucks but neither opens their screens nor registers one.
  const noWayIn = loaded && truckId === null && isTruckScreen(screen) && !canAccess(accessList, screen, 'read') && !canAccess(accessList, '/truck-register', 'read');
  if (noWayIn) return <NoAccess />;
  if (!isTruckScreen(screen) || !known || canAccess(accessList, screen, 'read', truckId)) return <>{children}</>;
  return <NoAccess />;
}
