/**
 * The device queue on the /orders screen (decision 018), loaded after the screen: the waiting
 * changes laid over what the screen last had from the server (each change's order as it will be),
 * the figures the list and the tabs read (offline-view.state.ts), a fresh read once everything
 * waiting has been taken, and the conflicts in words — what was tried, what happened instead — with
 * the choice to try again on the new state or to drop the change.
 */
import { detailSeparator } from '@domain/locale';
import type { Order } from '@domain/orders/contracts';
import type { DashboardTab } from '@domain/orders/dashboard';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Change } from '../../app/offline/outbox';
import { Notice } from '../../ui/notice';
import { deviceQueue, retryOnCurrent, viewOf } from './offline-orders';
import { useActor, type Actor } from './use-actor';
import { queuedView, shownNumber } from './offline-view.state';
import { reloadOrders, storeOrder, useOrdersDispatch } from './orders.api';
import { setSelectedOrder } from './orders.slice';

function useTruckChanges(truckId: string): Change[] {
  const [changes, setChanges] = useState<Change[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void deviceQueue.all().then((all) => live && setChanges(all.filter((change) => change.truckId === truckId)));
    read();
    const unsubscribe = deviceQueue.subscribe(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [truckId]);
  return changes;
}

export interface OfflineLayerProps {
  truckId: string;
  /** Changes when the lists or an order come anew from the server (or the device), so the waiting changes are laid over again. */
  readStamp: number;
  selectedId: string | null;
}

export default function OfflineLayer({ truckId, readStamp, selectedId }: OfflineLayerProps) {
  const { t } = useTranslation('orders');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const dispatch = useAppDispatch();
  const ordersDispatch = useOrdersDispatch();
  const actor = useActor();
  const changes = useTruckChanges(truckId);
  const waiting = changes.filter((change) => change.state !== 'conflict');
  const conflicts = changes.filter((change) => change.state === 'conflict');

  // The waiting changes over the server's answers, oldest first: each one's order as it will be.
  useEffect(() => {
    for (const change of waiting) {
      const view = viewOf(change);
      if (view) ordersDispatch(storeOrder(truckId, view.order));
    }
    const delta: Partial<Record<DashboardTab, number>> = {};
    for (const change of waiting) {
      const view = viewOf(change);
      if (!view || view.from === view.to) continue;
      if (view.from) delta[view.from] = (delta[view.from] ?? 0) - 1;
      delta[view.to] = (delta[view.to] ?? 0) + 1;
    }
    queuedView.set({ waitingIds: new Set(waiting.flatMap((change) => (change.orderId ? [change.orderId] : []))), countsDelta: delta, anyWaiting: waiting.length > 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changes, readStamp, truckId]);
  useEffect(() => () => queuedView.reset(), []);

  // Everything waiting taken: the server's own lists, counts and numbers.
  const hadWaiting = useRef(false);
  useEffect(() => {
    if (waiting.length > 0) hadWaiting.current = true;
    else if (hadWaiting.current) {
      hadWaiting.current = false;
      dispatch(reloadOrders(truckId));
      dispatch(api.util.invalidateTags(['Menu']));
    }
  }, [waiting.length, dispatch, truckId]);

  // The order on screen was made here: once the server has it, its real self is shown.
  const selected = useRef(selectedId);
  useEffect(() => {
    selected.current = selectedId;
  }, [selectedId]);
  useEffect(
    () =>
      deviceQueue.onSettled(({ change, answer }) => {
        if (change.tempOrderId && change.tempOrderId === selected.current && answer.status < 300) {
          const { lines: _lines, history: _history, ...order } = answer.body as Order;
          ordersDispatch(storeOrder(truckId, answer.body as Order));
          dispatch(setSelectedOrder(order));
        }
      }),
    [dispatch, ordersDispatch, truckId],
  );

  if (conflicts.length === 0) return null;
  return (
    <section className="td-orders__conflicts" aria-label={t('queue.conflictsTitle')} data-testid="queue-conflicts">
      <h2>{t('queue.conflictsTitle')}</h2>
      {conflicts.map((change) => (
        <ConflictCard key={change.id} change={change} actor={actor} lang={lang} />
      ))}
    </section>
  );
}

function ConflictCard({ change, actor, lang }: { change: Change; actor: Actor; lang: 'en' | 'ar' }) {
  const { t } = useTranslation('orders');
  const [cannot, setCannot] = useState(false);
  const view = viewOf(change);
  const refusal = change.refusal!;
  const current = refusal.current as Order | undefined;
  const number = shownNumber(current?.number ?? view?.order.number ?? 0);
  const action = view?.action ?? 'place';
  const last = current?.history.at(-1);
  const happened = last
    ? [t(`history.${last.action}`) + (last.reason ? ` — ${last.reason}` : ''), last.actor ? t('panel.by', { name: last.actor.name }) : t(last.action === 'withdraw' ? 'panel.byCustomer' : 'panel.bySystem')].join(detailSeparator(lang))
    : null;
  return (
    <article className="td-orders__conflict" data-testid="queue-conflict" data-action={action}>
      <p>
        <strong>{t('queue.tried', { number, what: t(`queue.what.${action}`) })}</strong>
      </p>
      {happened ? <p data-testid="queue-conflict-happened">{t('queue.happened', { what: happened })}</p> : <p data-testid="queue-conflict-happened">{t('queue.refused', { message: refusal.message ?? refusal.code })}</p>}
      {cannot && <Notice kind="warning">{t('queue.notAllowedNow')}</Notice>}
      <div className="td-orders__conflict-actions">
        {!cannot && (
          <Button type="primary" onClick={() => void retryOnCurrent(change, actor).then((ok) => setCannot(!ok))} data-testid="queue-retry">
            {t('queue.retry')}
          </Button>
        )}
        <Button danger onClick={() => void deviceQueue.drop(change.id)} data-testid="queue-drop">
          {t('queue.drop')}
        </Button>
      </div>
    </article>
  );
}
