/**
 * What a truck's screen (truck details, menu, orders, bookings, zones, hours) shows when there is no
 * truck to show. A vendor or applicant is invited to register one, with a line saying what the screen
 * will hold. An admin has no truck of their own and cannot have one here: the screen says it is not
 * theirs and leads to the review queue, rather than asking them to register a truck.
 *
 * A module of its own, not in current-truck.tsx: that one is in the entry page's bundle, and this
 * one's Button and router would have added 24 KiB to the first page a visitor opens.
 */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from './hooks';

export function NoTruck({ purpose }: { purpose: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const admin = useAppSelector((s) => s.user.role.includes('Admin'));
  if (admin) {
    return (
      <section className="td-message-page" data-testid="no-access">
        <h2>{t('noTruck.admin.title')}</h2>
        <p>{t('noTruck.admin.body')}</p>
        <Button type="primary" onClick={() => void navigate('/admin/reviews')}>
          {t('noTruck.admin.reviews')}
        </Button>
      </section>
    );
  }
  return (
    <section className="td-message-page" data-testid="no-truck">
      <h2>{t('noTruck.title')}</h2>
      <p>{purpose}</p>
      <Button type="primary" onClick={() => void navigate('/truck-register')} data-testid="register-truck">
        {t('noTruck.register')}
      </Button>
    </section>
  );
}
