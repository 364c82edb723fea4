/** `/menu`: the menu of the current truck (the navbar's truck switcher picks it). */
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { MenuScreen } from './menu-screen';

export function Component() {
  const { t } = useTranslation('menu');
  const { truckId, loaded } = useCurrentTruck();
  const navigate = useNavigate();
  if (truckId) return <MenuScreen key={truckId} truckId={truckId} />;
  if (!loaded) return <Spin className="td-menu-loading" aria-label={t('loading')} />;
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
