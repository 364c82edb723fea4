/** `/orders`: the order dashboard of the current truck (the navbar's truck switcher picks it). */
import { useTranslation } from 'react-i18next';
import { useCurrentTruck } from '../../app/current-truck';
import type { FirstReads } from '../../app/routes';
import { NoTruck } from '../../app/no-truck';
import { OrderDashboard } from './order-dashboard';
import { Loading } from '../../ui/loading';
import { ordersApi } from './orders.api';

/** The desk, the open tab's first page and the tabs' counts: what the dashboard first shows. */
export const firstReads: FirstReads = (dispatch, truckId, state) => {
  if (truckId === null) return [];
  return [
    dispatch(ordersApi.endpoints.orderDesk.initiate(truckId, { subscribe: false })),
    dispatch(ordersApi.endpoints.listOrders.initiate({ truckId, tab: state.order.activeStatus }, { subscribe: false })),
    dispatch(ordersApi.endpoints.orderCounts.initiate({ truckId }, { subscribe: false })),
  ];
};

export function Component() {
  const { t } = useTranslation('orders');
  const { truckId, loaded } = useCurrentTruck();
  if (truckId) return <OrderDashboard key={truckId} truckId={truckId} />;
  if (!loaded) return <Loading />;
  return <NoTruck purpose={t('noTruck')} />;
}
