/** `/orders`: the order dashboard of the current truck (the navbar's truck switcher picks it). */
import { useTranslation } from 'react-i18next';
import { useCurrentTruck } from '../../app/current-truck';
import { NoTruck } from '../../app/no-truck';
import { OrderDashboard } from './order-dashboard';
import { Loading } from '../../ui/loading';

export function Component() {
  const { t } = useTranslation('orders');
  const { truckId, loaded } = useCurrentTruck();
  if (truckId) return <OrderDashboard key={truckId} truckId={truckId} />;
  if (!loaded) return <Loading />;
  return <NoTruck purpose={t('noTruck')} />;
}
