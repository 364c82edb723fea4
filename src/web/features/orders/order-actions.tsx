/**
 * The selected order's actions: only what its status allows (the domain's allowedActions; the
 * server checks again), each one tap — accept with a prep time, a ready-made reason to reject or
 * cancel, a delay by so many minutes. Every action carries the version shown, so a change made
 * meanwhile on another device answers 409 and the panel shows the latest instead.
 */
import type { Order } from '@domain/orders/contracts';
import type { OrderAction } from '@domain/orders';
import { allowedActions, type ManualOrderActionName } from '@domain/orders/flow';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeInput } from '../../ui/native-fields';
import { notify } from '../../ui/notify';
import { isOffline } from './order-alerts.state';
import { queuedView } from './offline-view.state';
import { useActor } from './use-actor';
import { storeOrder, useActOnOrderMutation, useOrdersDispatch } from './orders.api';
import { loadOfflineOrders } from './offline-orders.load';

const PREP_CHOICES = [10, 15, 20, 30, 45];
const DELAY_CHOICES = [5, 10, 15, 20];
const REASONS = ['busy', 'soldOut', 'closing', 'customer'] as const;
const NEXT_STEPS = ['start_preparing', 'mark_ready', 'send_out', 'complete'] as const;

type ReasonAction = 'reject' | 'cancel';

export interface OrderActionsProps {
  truckId: string;
  order: Order;
  defaultPrepMinutes: number;
  onDone(order: Order, action: ManualOrderActionName): void;
}

export function OrderActions({ truckId, order, defaultPrepMinutes, onDone }: OrderActionsProps) {
  const { t } = useTranslation('orders');
  const [act, { isLoading }] = useActOnOrderMutation();
  const ordersDispatch = useOrdersDispatch();
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const allowed = new Set(allowedActions(order));
  const actor = useActor();

  async function run(action: OrderAction) {
    const done = (updated: Order) => {
      setAsking(null);
      setOtherReason('');
      onDone(updated, action.action);
    };
    // With no connection, or behind changes still waiting, it goes to the device queue and shows at once (decision 018).
    const queue = async () => {
      const { queueAction } = await loadOfflineOrders();
      const updated = await queueAction(truckId, order, action, actor);
      if (updated) {
        ordersDispatch(storeOrder(truckId, updated));
        done(updated);
      } else notify.error('orders:actions.failed');
    };
    if (isOffline() || queuedView.get().anyWaiting) return queue();
    try {
      done(await act({ truckId, orderId: order.id, action }).unwrap());
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // No answer at all: the connection went without the browser noticing; kept and sent later (a resend is recognised by its version).
      if (status === 'FETCH_ERROR') return queue();
      // 409: the cache now holds the current order (orders.api.ts), so the panel shows what is true.
      notify.error(status === 409 ? 'orders:actions.changed' : 'orders:actions.failed');
    }
  }

  const { version } = order;
  const prepChoices = [...new Set([defaultPrepMinutes, ...PREP_CHOICES])].filter((minutes) => minutes >= 1).sort((a, b) => a - b);

  if (asking) {
    return (
      <div className="td-order-actions" role="group" aria-label={t(`actions.reasonFor.${asking}`)}>
        <strong>{t(`actions.reasonFor.${asking}`)}</strong>
        <div className="td-order-actions__row">
          {REASONS.map((reason) => (
            <Button key={reason} size="large" danger disabled={isLoading} onClick={() => void run({ action: asking, reason: t(`actions.reasons.${reason}`), version })}>
              {t(`actions.reasons.${reason}`)}
            </Button>
          ))}
        </div>
        <form
          className="td-order-actions__reasons"
          onSubmit={(event) => {
            event.preventDefault();
            if (otherReason.trim()) void run({ action: asking, reason: otherReason, version });
          }}
        >
          <label className="td-orders__field">
            {t('actions.otherReason')}
            <NativeInput value={otherReason} maxLength={500} onChange={(event) => setOtherReason(event.target.value)} />
          </label>
          <div className="td-order-actions__row">
            <Button htmlType="submit" type="primary" danger size="large" disabled={!otherReason.trim() || isLoading}>
              {t(asking === 'reject' ? 'actions.confirmReject' : 'actions.confirmCancel')}
            </Button>
            <Button size="large" onClick={() => setAsking(null)}>
              {t('actions.back')}
            </Button>
          </div>
        </form>
      </div>
    );
  }

  if (allowed.size === 0) return null;
  return (
    <div className="td-order-actions" role="group" aria-label={t('actions.label')}>
      {allowed.has('accept') && (
        <div className="td-order-actions__row">
          {prepChoices.map((minutes) => (
            <Button
              key={minutes}
              type={minutes === defaultPrepMinutes ? 'primary' : 'default'}
              size="large"
              disabled={isLoading}
              onClick={() => void run({ action: 'accept', prepMinutes: minutes, version })}
            >
              {t('actions.acceptIn', { count: minutes })}
            </Button>
          ))}
        </div>
      )}
      {NEXT_STEPS.some((step) => allowed.has(step)) && (
        <div className="td-order-actions__row">
          {NEXT_STEPS.filter((step) => allowed.has(step)).map((step) => (
            <Button key={step} type="primary" size="large" disabled={isLoading} onClick={() => void run({ action: step, version })}>
              {t(`actions.${step}`)}
            </Button>
          ))}
        </div>
      )}
      {allowed.has('delay') && (
        <div className="td-order-actions__row" role="group" aria-label={t('actions.delay')}>
          {DELAY_CHOICES.map((minutes) => (
            <Button key={minutes} size="large" disabled={isLoading} onClick={() => void run({ action: 'delay', minutes, version })}>
              {t('actions.delayBy', { count: minutes })}
            </Button>
          ))}
        </div>
      )}
      {(allowed.has('reject') || allowed.has('cancel')) && (
        <div className="td-order-actions__row">
          <Button danger size="large" disabled={isLoading} onClick={() => setAsking(allowed.has('reject') ? 'reject' : 'cancel')}>
            {t(allowed.has('reject') ? 'actions.reject' : 'actions.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
