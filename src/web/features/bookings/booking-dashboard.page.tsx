/** `/booking-details`: the booking dashboard of the current truck (the navbar's truck switcher picks it). */
import { useTranslation } from 'react-i18next';
import { useCurrentTruck } from '../../app/current-truck';
import type { FirstReads } from '../../app/routes';
import { NoTruck } from '../../app/no-truck';
import { BookingDashboard } from './booking-dashboard';
import { Loading } from '../../ui/loading';
import { bookingsApi } from './bookings.api';

/** The desk, the open tab's first page and the tabs' counts: what the dashboard first shows. */
export const firstReads: FirstReads = (dispatch, truckId, state) => {
  if (truckId === null) return [];
  return [
    dispatch(bookingsApi.endpoints.bookingDesk.initiate(truckId, { subscribe: false })),
    dispatch(bookingsApi.endpoints.listBookings.initiate({ truckId, tab: state.booking.activeStatus }, { subscribe: false })),
    dispatch(bookingsApi.endpoints.bookingCounts.initiate(truckId, { subscribe: false })),
  ];
};

export function Component() {
  const { t } = useTranslation('bookings');
  const { truckId, loaded } = useCurrentTruck();
  if (truckId) return <BookingDashboard key={truckId} truckId={truckId} />;
  if (!loaded) return <Loading />;
  return <NoTruck purpose={t('noTruck')} />;
}
