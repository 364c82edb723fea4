/**
 * The orders feature's part of the signed-in shell (the dashboard layout mounts it on every screen,
 * see app/route-table.ts): it follows the current truck's live stream, and a new order rings —
 * every few seconds, on whatever screen is open, until someone at the truck says they heard it (on
 * any device) or answers it — raises a browser notification when allowed, shows a banner naming the
 * newest order with the way to it (the orders screen, that order open), and counts on the sidebar's
 * Orders entry and in the tab title.
 *
 * Only orders arriving while the app is open ring (the stream starts from now), never the ones
 * already waiting when it opens; orders that arrived while the connection was down ring when it
 * comes back (the stream resumes after the last event it had).
 */
import { displayNumber } from '@domain/orders/dashboard';
import type { OrderEvent } from '@domain/orders/contracts';
import { Button } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useReportAttention } from '../../app/shell/attention';
import { isOffline, notificationState, orderAlerts, useOrderAlerts } from './order-alerts.state';
import { orderFormat } from './order-format';
import { useAcknowledgeOrdersMutation } from './orders.api';
import { setOrderActiveStatus, setSelectedOrder } from './orders.slice';
import { createRinger } from './ringer';
import { useOrderStream } from './use-order-stream';
import './order-alerts.css';

const RING_EVERY_MS = 3_000;
const ORDERS_PATH = '/orders';

export function Component() {
  const { truckId } = useCurrentTruck();
  const signedIn = useAppSelector((s) => s.auth.userModel.isLogin);
  useEffect(() => orderAlerts.reset, [truckId, signedIn]);
  if (!signedIn || !truckId) return null;
  return <OrderAlertsForTruck key={truckId} truckId={truckId} />;
}

export function OrderAlertsForTruck({ truckId }: { truckId: string }) {
  const { t } = useTranslation('orders');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const onOrders = pathname === ORDERS_PATH;
  const { ringing, soundReady } = useOrderAlerts();
  const ringer = useMemo(() => createRinger(), []);
  const [acknowledge] = useAcknowledgeOrdersMutation();

  const onOrderEvent = useCallback(
    (type: 'created' | 'changed', { order }: OrderEvent) => {
      const answered = order.acknowledgedAt !== null || order.status !== 'pending';
      if (answered) {
        orderAlerts.stop([order.id]);
        return;
      }
      if (type !== 'created') return;
      orderAlerts.ring(order);
      if (notificationState() === 'granted') {
        // The body needs no time zone: the name and the total.
        const { money } = orderFormat(lang, 'UTC');
        new Notification(t('alerts.newOrder', { number: displayNumber(order.number) }), {
          body: t('alerts.newOrderBody', { name: order.customer.name, total: money(order.total, order.currency) }),
          tag: order.id,
        });
      }
    },
    [lang, t],
  );
  const stream = useOrderStream(truckId, onOrderEvent);
  useEffect(() => orderAlerts.setStream(stream), [stream]);

  // Browsers allow sound after a gesture: the first tap or key anywhere turns it on.
  useEffect(() => {
    const unlock = () => {
      ringer.unlock();
      // resume() settles asynchronously; the ring loop asks again at each chime.
      setTimeout(() => orderAlerts.setSoundReady(ringer.canRing()), 100);
    };
    document.addEventListener('pointerdown', unlock, { capture: true });
    document.addEventListener('keydown', unlock, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', unlock, { capture: true });
      document.removeEventListener('keydown', unlock, { capture: true });
    };
  }, [ringer]);

  // Rings at once, then every few seconds; arriving on the orders screen rings at once again.
  const isRinging = ringing.length > 0;
  useEffect(() => {
    if (!isRinging) return;
    ringer.chime();
    const timer = setInterval(() => ringer.chime(), RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [isRinging, ringer, soundReady, onOrders]);

  useReportAttention(ORDERS_PATH, ringing.length);

  if (!isRinging) return null;
  const heardIt = () => {
    const orderIds = ringing.map((order) => order.id);
    orderAlerts.stop(orderIds);
    // With no connection the ring is heard all the same: the device queue sends it later (decision 018).
    // Not through offline-orders.load: the shell is on every screen, and /orders has loaded the code already.
    if (isOffline()) void import('./offline-orders').then((queue) => queue.queueAcknowledge(truckId, orderIds));
    else void acknowledge({ truckId, orderIds });
  };
  const newest = ringing.at(-1)!;
  const newestNumber = displayNumber(newest.number);
  // The pending tab with the newest order open: the dashboard brings its card into view.
  const showNewest = () => {
    dispatch(setOrderActiveStatus('pending'));
    dispatch(setSelectedOrder(newest));
    if (!onOrders) void navigate(ORDERS_PATH);
  };
  return (
    <div className="td-order-alert" role="alert" data-testid="orders-ringing">
      <span>
        {t('alerts.ringing', { count: ringing.length })}
        {': '}
        <bdi data-testid="orders-ringing-newest">{t(ringing.length > 1 ? 'alerts.latest' : 'alerts.which', { number: newestNumber, name: newest.customer.name })}</bdi>
      </span>
      <span className="td-order-alert__actions">
        <Button size="large" type="link" onClick={showNewest} data-testid="orders-ringing-show">
          {t('alerts.showOrder', { number: newestNumber })}
        </Button>
        <Button size="large" onClick={heardIt}>
          {t('alerts.acknowledge')}
        </Button>
      </span>
    </div>
  );
}
