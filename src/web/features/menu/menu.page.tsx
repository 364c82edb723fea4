/** `/menu`: the menu of the current truck (the navbar's truck switcher picks it). */
import { useTranslation } from 'react-i18next';
import { useCurrentTruck } from '../../app/current-truck';
import type { FirstReads } from '../../app/routes';
import { NoTruck } from '../../app/no-truck';
import { MenuScreen } from './menu-screen';
import { Loading } from '../../ui/loading';
import { menuApi } from './menu.api';

export const firstReads: FirstReads = (dispatch, truckId) => (truckId === null ? [] : [dispatch(menuApi.endpoints.getMenu.initiate(truckId, { subscribe: false }))]);

export function Component() {
  const { t } = useTranslation('menu');
  const { truckId, loaded } = useCurrentTruck();
  if (truckId) return <MenuScreen key={truckId} truckId={truckId} />;
  if (!loaded) return <Loading />;
  return <NoTruck purpose={t('noTruck')} />;
}
