/**
 * `/jobs/{n}`: booking n of the current truck, as a link to share with whoever works the event.
 * A number that is not one of this truck's bookings says so plainly.
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { NoTruck } from '../../app/no-truck';
import { useBookingFormat } from './booking-format';
import { BookingPanel } from './booking-panel';
import { useBookingByNumberQuery, useBookingDeskQuery } from './bookings.api';
import { useBookingStream } from './use-booking-stream';
import './bookings.css';
import { Loading } from '../../ui/loading';

function Job({ truckId, number }: { truckId: string; number: string }) {
  const { t } = useTranslation('bookings');
  const desk = useBookingDeskQuery(truckId);
  const booking = useBookingByNumberQuery({ truckId, number });
  const format = useBookingFormat(desk.data?.timeZone ?? 'UTC');
  useBookingStream(truckId);
  if (booking.isError) {
    return (
      <section className="td-message-page" data-testid="job-not-found">
        <h2>{t('job.notFound', { number })}</h2>
        <p>{t('job.notFoundBody')}</p>
        <Link to="/booking-details">{t('job.back')}</Link>
      </section>
    );
  }
  if (!booking.data || !desk.data) return <Loading />;
  return (
    <div className="td-bookings td-bookings--job">
      <Link to="/booking-details">{t('job.back')}</Link>
      <BookingPanel desk={desk.data} booking={booking.data} format={format} />
    </div>
  );
}

export function Component() {
  const { t } = useTranslation('bookings');
  const { number = '' } = useParams();
  const { truckId, loaded } = useCurrentTruck();
  if (truckId) return <Job key={`${truckId}:${number}`} truckId={truckId} number={number} />;
  if (!loaded) return <Loading />;
  return <NoTruck purpose={t('noTruck')} />;
}
