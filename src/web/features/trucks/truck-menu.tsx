/**
 * In the navbar: which truck the pages act on, a warning when the current truck's documents expire
 * soon or have expired, and — once per decision — a toast telling the owner what the admin decided
 * since their last visit. Light on purpose (a menu loaded when first used, and the warning's text as its title): it is on every screen.
 */
import { CheckOutlined, DownOutlined, ExclamationCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { TruckSummary } from '@domain/trucks';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useCurrentTruck, useOfferTrucks, type TruckChoice } from '../../app/current-truck';
import { MenuButton } from '../../ui/menu-button';
import { useAlertText } from './alert-text';
import { useTruckName } from './truck-name';
import type { AppDispatch } from '../../app/store';
import { trucksApi, useMarkNoticesSeenMutation, useMyTrucksQuery } from './trucks.api';
import './truck-menu.css';

/** Decisions are toasted once, then marked seen on the server so no other device repeats them. */
function useReviewNotices(trucks: TruckSummary[] | undefined) {
  const { t } = useTranslation('trucks');
  const truckName = useTruckName();
  const [markSeen] = useMarkNoticesSeenMutation();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const truck of trucks ?? []) {
      const fresh = truck.notices.filter((notice) => !shown.current.has(notice.id));
      if (fresh.length === 0) continue;
      for (const notice of fresh) {
        shown.current.add(notice.id);
        const text = t(`notices.${notice.action}`, { name: truckName(truck) });
        const full = notice.reason ? `${text} ${t('notices.reason', { reason: notice.reason })}` : text;
        const good = notice.action === 'approve' || notice.action === 'reinstate';
        toast[good ? 'success' : 'warning'](full, { toastId: notice.id });
      }
      void markSeen({ truckId: truck.id, ids: fresh.map((notice) => notice.id) });
    }
  }, [trucks, t, truckName, markSeen]);
}

function DocumentWarning({ truck }: { truck: TruckSummary }) {
  const { t } = useTranslation('trucks');
  const navigate = useNavigate();
  const text = useAlertText();
  const expired = truck.alerts.some((alert) => alert.state === 'expired');
  const lines = truck.alerts.map(text);
  if (expired && truck.status === 'approved') lines.push(t('alerts.cannotTrade'));
  return (
    <Button
      type="text"
      danger={expired}
      className={expired ? undefined : 'td-truck-menu__warning'}
      icon={expired ? <ExclamationCircleOutlined aria-hidden /> : <WarningOutlined aria-hidden />}
      aria-label={`${t('switcher.alerts')}: ${lines.join(' ')}`}
      title={lines.join(' ')}
      onClick={() => navigate('/truck-info')}
      data-testid="document-warning"
      data-state={expired ? 'expired' : 'expiring'}
    />
  );
}

/** What the switcher tells every screen of the user's trucks: which they can reach, and their public pages. */
function offerTrucks(offer: TruckChoice['offer'], trucks: readonly TruckSummary[] | undefined): void {
  offer(trucks ? trucks.map((truck) => truck.id) : null, Object.fromEntries((trucks ?? []).map((truck) => [truck.id, truck.publicSlug])));
}

/**
 * Reads the user's trucks into the cache without holding them (the switcher does once it renders)
 * and offers them: the router waits for it with the dashboard's code, so that the first screen
 * renders knowing its truck. The page's early read (app/early-reads.ts) usually answers it.
 */
export async function readMyTrucks(dispatch: AppDispatch, offer: TruckChoice['offer']): Promise<void> {
  const { data } = await dispatch(trucksApi.endpoints.myTrucks.initiate(undefined, { subscribe: false }));
  if (data) offerTrucks(offer, data);
}

export default function TruckMenu() {
  const { t } = useTranslation('trucks');
  const { data: trucks } = useMyTrucksQuery(undefined, { refetchOnFocus: true });
  const { truckId, setTruckId } = useCurrentTruck();
  const offer = useOfferTrucks();
  const truckName = useTruckName();
  useReviewNotices(trucks);

  useEffect(() => offerTrucks(offer, trucks), [trucks, offer]);
  useEffect(() => () => offer(null), [offer]);

  const current = trucks?.find((truck) => truck.id === truckId);
  if (!trucks || !current) return null;
  const label = (truck: TruckSummary) => (
    <span className="td-truck-menu__option" data-testid={`truck-option-${truck.id}`}>
      {truck.logoUrl && <img src={truck.logoUrl} alt="" />}
      <bdi>{truckName(truck)}</bdi>{' '}
      <small className="td-truck-menu__role" data-testid="truck-role" data-role={truck.relation}>
        {t(`team:switcherRole.${truck.relation}`)}
      </small>
      {truck.status !== 'approved' && ' '}
      {truck.status !== 'approved' && <small>{t(`status.${truck.status}`)}</small>}
    </span>
  );
  // The button's name must contain what it shows (the role and any status too), or a screen reader and a
  // voice-control user would not find the same words.
  const visibleLabel = (truck: TruckSummary) =>
    [truckName(truck), t(`team:switcherRole.${truck.relation}`), truck.status !== 'approved' ? t(`status.${truck.status}`) : null]
      .filter(Boolean)
      .join(' ');
  return (
    <div className="td-truck-menu">
      {current.alerts.length > 0 && <DocumentWarning truck={current} />}
      <MenuButton
        menu={{
          selectable: true,
          selectedKeys: [current.id],
          onClick: ({ key }) => setTruckId(key),
          items: trucks.map((truck) => ({ key: truck.id, label: label(truck), icon: truck.id === current.id ? <CheckOutlined aria-hidden /> : undefined })),
        }}
      >
        <Button type="text" className="td-truck-menu__button" aria-label={`${t('switcher.label')}: ${visibleLabel(current)}`} data-testid="truck-switcher">
          {label(current)}
          <DownOutlined aria-hidden />
        </Button>
      </MenuButton>
    </div>
  );
}
