/**
 * The selected order in full: status, how long since it was placed and when it is due, the
 * customer, what to make (options, notes), the money, the history, the actions its status allows,
 * and the two printouts.
 */
import type { Order, OrderDesk } from '@domain/orders/contracts';
import { detailSeparator } from '@domain/locale';
import { shownNumber, useQueuedView } from './offline-view.state';
import type { ManualOrderActionName } from '@domain/orders/flow';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Loading } from '../../ui/loading';
import { Notice } from '../../ui/notice';
import { OrderActions } from './order-actions';
import type { OrderFormat } from './order-format';
import { orderClock } from './order-list';
import type { TicketKind } from './order-ticket';
import { useOrderQuery } from './orders.api';
import { setOrderLoading } from './orders.slice';
import { nameIn } from '@domain/names';

const RefundDialog = lazy(() => import('./refund-dialog'));

export interface OrderPanelProps {
  desk: OrderDesk;
  orderId: string;
  format: OrderFormat;
  now: number;
  printOnAccept: boolean;
  onPrintOnAcceptChange(value: boolean): void;
  onPrint(kind: TicketKind, order: Order): void;
}

function OrderDetails({ order, format, now }: { order: Order; format: OrderFormat; now: number }) {
  const { t } = useTranslation('orders');
  const clock = orderClock(order, now, format, t);
  return (
    <>
      <div className="td-order-panel__times">
        <span>
          {t('times.placedAt', { time: format.time(order.createdAt) })}
          {/* The age once: in brackets here, unless the line beside it already is the age. */}
          {!clock.age && ` (${format.relative(order.createdAt, now)})`}
        </span>
        {order.requestedTime && <strong>{t('times.requested', { time: format.time(order.requestedTime) })}</strong>}
        {order.estimatedReadyAt && <span>{t('times.readyAt', { time: format.time(order.estimatedReadyAt) })}</span>}
        <strong data-late={clock.late}>{clock.text}</strong>
      </div>

      <section className="td-order-panel__section">
        <h3>{t('panel.customer')}</h3>
        <div>
          <bdi>{order.customer.name}</bdi>
          {detailSeparator(format.lang)}
          <a href={`tel:${order.customer.phone}`} dir="ltr">
            {order.customer.phone}
          </a>
        </div>
        {order.delivery && (
          <div>
            {t('panel.deliverTo', { address: order.delivery.address })}
            {detailSeparator(format.lang)}
            {t('panel.zone', { zone: order.delivery.zoneName })}
          </div>
        )}
      </section>

      <section className="td-order-panel__section">
        <h3>{t('panel.items')}</h3>
        <ul className="td-order-lines">
          {order.lines.map((line, index) => (
            <li key={index}>
              <span className="td-order-lines__qty">{format.count(line.qty)}×</span>
              <span>{nameIn(line, format.lang)}</span>
              <span>{format.money(line.total, order.currency)}</span>
              {line.options.length > 0 && <span className="td-order-lines__extra">{line.options.map((option) => nameIn(option, format.lang)).join(detailSeparator(format.lang))}</span>}
              {line.note && <span className="td-order-lines__note">{t('panel.note', { note: line.note })}</span>}
            </li>
          ))}
        </ul>
      </section>

      <dl className="td-order-totals">
        <dt>{t('panel.subtotal')}</dt>
        <dd>{format.money(order.subtotal, order.currency)}</dd>
        {order.type === 'delivery' && (
          <>
            <dt>{t('panel.deliveryFee')}</dt>
            <dd>{format.money(order.deliveryFee, order.currency)}</dd>
          </>
        )}
        <dt className="td-order-totals__grand">{t('panel.total')}</dt>
        <dd className="td-order-totals__grand">{format.money(order.total, order.currency)}</dd>
        {order.refundedMinor > 0 && (
          <>
            <dt>{t('panel.refunded')}</dt>
            <dd data-testid="order-refunded">{format.money(order.refundedMinor, order.currency)}</dd>
          </>
        )}
        <dt>{t('panel.payment')}</dt>
        <dd>
          {t(`payment.${order.paymentMethod}`)}
          {detailSeparator(format.lang)}
          {t(`paymentStatus.${order.paymentStatus}`)}
        </dd>
      </dl>

      <section className="td-order-panel__section">
        <h3>{t('panel.history')}</h3>
        <ol className="td-order-history">
          {order.history.map((entry) => (
            <li key={entry.version}>
              {format.time(entry.at)}
              {detailSeparator(format.lang)}
              {t(`history.${entry.action}`)}
              {entry.reason ? ` — ${entry.reason}` : ''}
              {detailSeparator(format.lang)}
              {entry.actor ? t('panel.by', { name: entry.actor.name }) : t(entry.action === 'place' ? 'panel.byCustomer' : 'panel.bySystem')}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export function OrderPanel({ desk, orderId, format, now, printOnAccept, onPrintOnAcceptChange, onPrint }: OrderPanelProps) {
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const { data: order, isError, isLoading, isFetching } = useOrderQuery({ truckId: desk.truckId, orderId });
  const waiting = useQueuedView().waitingIds.has(orderId);
  const [refunding, setRefunding] = useState(false);
  useEffect(() => {
    dispatch(setOrderLoading(isFetching));
  }, [dispatch, isFetching]);
  if (isLoading) return <Loading />;
  if (isError || !order) return <Notice kind="error">{t('panel.loadFailed')}</Notice>;

  const onDone = (updated: Order, action: ManualOrderActionName) => {
    if (action === 'accept' && printOnAccept) onPrint('kitchen', updated);
  };
  return (
    <article className="td-order-panel" aria-labelledby="td-order-panel-title" data-testid="order-panel">
      <header className="td-order-panel__head">
        <h2 className="td-order-panel__number" id="td-order-panel-title">
          {shownNumber(order.number)}
        </h2>
        <span className="td-order-panel__status" data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>
        <span>
          {t(`type.${order.type}`)}
          {detailSeparator(format.lang)}
          {t(`source.${order.source}`)}
        </span>
      </header>
      {(waiting || order.number < 0) && (
        <Notice kind="info" testId="order-panel-waiting">
          {t('queue.waiting')}
          {order.number < 0 && `${detailSeparator(format.lang)}${t('queue.temporaryNumber')}`}
        </Notice>
      )}
      <OrderActions truckId={desk.truckId} order={order} defaultPrepMinutes={desk.defaultPrepMinutes} onDone={onDone} />
      {desk.mayRefund && order.paymentStatus === 'paid' && order.refundedMinor < order.total && order.number > 0 && (
        <div className="td-order-actions__row">
          <Button size="large" onClick={() => setRefunding(true)} data-testid="order-refund">
            {t('refund.open')}
          </Button>
        </div>
      )}
      {refunding && (
        <Suspense fallback={null}>
          <RefundDialog truckId={desk.truckId} order={order} format={format} onClose={() => setRefunding(false)} />
        </Suspense>
      )}
      <OrderDetails order={order} format={format} now={now} />
      <div className="td-order-print">
        <Button onClick={() => onPrint('kitchen', order)}>{t('print.kitchen')}</Button>
        <Button onClick={() => onPrint('receipt', order)}>{t('print.receipt')}</Button>
        <label>
          <input type="checkbox" checked={printOnAccept} onChange={(event) => onPrintOnAcceptChange(event.target.checked)} /> {t('print.onAccept')}
        </label>
      </div>
    </article>
  );
}
