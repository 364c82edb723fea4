/** A tab's orders as big tappable cards: number, customer, what and how much, and how the clock stands. */
import type { OrderSummary } from '@domain/orders/contracts';
import { detailSeparator } from '@domain/locale';
import { shownNumber } from './offline-view.state';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFormat } from './order-format';

export interface OrderListProps {
  orders: readonly OrderSummary[];
  selectedId: string | null;
  ringingIds: ReadonlySet<string>;
  /** Orders with a change waiting in the device queue (decision 018). */
  waitingIds?: ReadonlySet<string>;
  format: OrderFormat;
  now: number;
  onSelect(order: OrderSummary): void;
}

/** The time that matters now: when a pending order must be answered, when an accepted one is due, when a finished one was placed. */
export function orderClock(order: OrderSummary, now: number, format: OrderFormat, t: (key: string, values?: Record<string, unknown>) => string) {
  if (order.status === 'pending') return { text: t('times.answerBy', { when: format.relative(order.acceptBy, now) }), late: false, age: false };
  if ((order.status === 'accepted' || order.status === 'preparing') && order.estimatedReadyAt) {
    const late = Date.parse(order.estimatedReadyAt) < now;
    return { text: t(late ? 'times.overdue' : 'times.due', { when: format.relative(order.estimatedReadyAt, now) }), late, age: false };
  }
  // `age`: the text is the order's age, so whatever shows it beside the placing time need not say it again.
  return { text: t('times.placed', { when: format.relative(order.createdAt, now) }), late: false, age: true };
}

const OrderCard = memo(function OrderCard({
  order,
  selected,
  ringing,
  waiting,
  format,
  now,
  onSelect,
}: { order: OrderSummary; selected: boolean; ringing: boolean; waiting: boolean } & Pick<OrderListProps, 'format' | 'now' | 'onSelect'>) {
  const { t } = useTranslation('orders');
  const clock = orderClock(order, now, format, t);
  return (
    <button
      type="button"
      className="td-order-card"
      aria-current={selected}
      data-ringing={ringing}
      data-waiting={waiting}
      data-testid={`order-card-${order.number}`}
      data-order-id={order.id}
      onClick={() => onSelect(order)}
    >
      <span className="td-order-card__number">{shownNumber(order.number)}</span>
      {/* dir=auto: a Latin name on an Arabic screen is still cut at its own end. */}
      <span className="td-order-card__name" dir="auto" title={order.customer.name}>
        {order.customer.name}
      </span>
      <span className="td-order-card__total">{format.money(order.total, order.currency)}</span>
      <span className="td-order-card__meta">
        {t(`type.${order.type}`)}
        {detailSeparator(format.lang)}
        {t('list.items', { count: order.itemCount })}
        {order.source === 'phone' ? `${detailSeparator(format.lang)}${t('source.phone')}` : ''}
      </span>
      <span className="td-order-card__time" data-late={clock.late}>
        {clock.text}
      </span>
      {waiting && (
        <span className="td-order-card__waiting" data-testid="order-waiting">
          {t('queue.waiting')}
        </span>
      )}
    </button>
  );
});

export function OrderList({ orders, selectedId, ringingIds, waitingIds, format, now, onSelect }: OrderListProps) {
  const { t } = useTranslation('orders');
  return (
    <ul className="td-orders__list" aria-label={t('list.label')}>
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} selected={order.id === selectedId} ringing={ringingIds.has(order.id)} waiting={waitingIds?.has(order.id) ?? false} format={format} now={now} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}
