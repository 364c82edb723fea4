/** `/booking-details`: the booking dashboard of the current truck (the navbar's truck switcher picks it). */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { Loading } from '../../ui/loading';
import { BookingDashboard } from './booking-dashboard';

export function Component() {
  const { t } = useTranslation('bookings');
  const { truckId, loaded } = useCurrentTruck();
  const navigate = useNavigate();
  if (truckId) return <BookingDashboard key={truckId} truckId={truckId} />;
  if (!loaded) return <Loading />;
  return (
    <section className="td-message-page">
      <h2>{t('noTruck.title')}</h2>
      <p>{t('noTruck.body')}</p>
      <Button type="primary" onClick={() => void navigate('/truck-register')}>
        {t('noTruck.register')}
      </Button>
    </section>
  );
}
