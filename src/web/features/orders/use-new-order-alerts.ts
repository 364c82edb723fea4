/**
 * What a new order does to get noticed: it rings (every few seconds, until someone at the truck
 * says they heard it, on any device), raises a browser notification when the browser allows it,
 * and the pending count shows in the tab title. Only orders arriving while the screen is open ring,
 * never the ones already there when it opens.
 */
import { displayNumber } from '@domain/orders';
import type { OrderEvent, OrderSummary } from '@domain/order-contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRinger } from './ringer';
import type { OrderFormat } from './order-format';

const RING_EVERY_MS = 3_000;

export type NotificationState = NotificationPermission | 'unsupported';

const notificationState = (): NotificationState => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

export function useNewOrderAlerts(format: OrderFormat, pendingCount: number | undefined) {
  const { t } = useTranslation('orders');
  const ringer = useMemo(() => createRinger(), []);
  const [ringing, setRinging] = useState<ReadonlyMap<string, OrderSummary>>(new Map());
  const [soundReady, setSoundReady] = useState(false);
  const [notifications, setNotifications] = useState<NotificationState>(notificationState);
  const formatRef = useRef(format);
  useEffect(() => {
    formatRef.current = format;
  }, [format]);

  // Browsers allow sound after a gesture: the first tap or key anywhere turns it on.
  useEffect(() => {
    const unlock = () => {
      ringer.unlock();
      // resume() settles asynchronously; the ring loop asks again at each chime.
      setTimeout(() => setSoundReady(ringer.canRing()), 100);
    };
    document.addEventListener('pointerdown', unlock, { capture: true });
    document.addEventListener('keydown', unlock, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', unlock, { capture: true });
      document.removeEventListener('keydown', unlock, { capture: true });
    };
  }, [ringer]);

  const isRinging = ringing.size > 0;
  useEffect(() => {
    if (!isRinging) return;
    ringer.chime();
    const timer = setInterval(() => ringer.chime(), RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [isRinging, ringer, soundReady]);

  const onOrderEvent = useCallback(
    (type: 'created' | 'changed', { order }: OrderEvent) => {
      const heard = order.acknowledgedAt !== null;
      setRinging((current) => {
        if (type === 'created' && !heard) return new Map(current).set(order.id, order);
        if (!current.has(order.id) || !heard) return current;
        const next = new Map(current);
        next.delete(order.id);
        return next;
      });
      if (type === 'created' && !heard && notificationState() === 'granted') {
        const { money } = formatRef.current;
        new Notification(t('alerts.newOrder', { number: displayNumber(order.number) }), {
          body: t('alerts.newOrderBody', { name: order.customer.name, total: money(order.total, order.currency) }),
          tag: order.id,
        });
      }
    },
    [t],
  );

  const enableNotifications = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    setNotifications(await Notification.requestPermission());
  }, []);

  /** Stops the ring here at once; the server tells the other devices. */
  const silence = useCallback(() => setRinging(new Map()), []);

  // The shell titles the page on arrival; the pending count goes in front of that title.
  useEffect(() => {
    const base = `${t('common:routes./orders')} · ${t('common:app.name')}`;
    document.title = pendingCount ? `(${format.count(pendingCount)}) ${base}` : base;
  }, [pendingCount, t, format]);

  return { ringing: [...ringing.values()], soundReady, notifications, enableNotifications, onOrderEvent, silence };
}
