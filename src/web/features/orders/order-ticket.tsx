/**
 * The two printouts of an order, for 80 mm receipt printers, in the interface language: the kitchen
 * ticket (number, items, options and notes in large type; no prices) and the customer receipt (with
 * prices and totals). `usePrinter` renders one outside the app and opens the print dialog; the print
 * stylesheet (orders.css) hides everything else.
 */
import type { Order } from '@domain/orders/contracts';
import { detailSeparator } from '@domain/locale';
import { shownNumber } from './offline-view.state';
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { OrderFormat } from './order-format';
import { nameIn } from '@domain/names';
import { formatPercent as percentOf } from '@domain/money/minor';
import { invoiceTotalMinor } from '@domain/invoices';
import { TaxInvoice } from '../../ui/tax-invoice';

export type TicketKind = 'kitchen' | 'receipt';

export interface TicketProps {
  kind: TicketKind;
  order: Order;
  truckName: string;
  format: OrderFormat;
  printedAt: string;
}

export function OrderTicket({ kind, order, truckName, format, printedAt }: TicketProps) {
  const { t } = useTranslation('orders');
  const name = (named: { nameEn: string; nameAr: string }) => nameIn(named, format.lang);
  const priced = kind === 'receipt';
  return (
    <article className="td-ticket" data-testid={`ticket-${kind}`} lang={format.lang} dir={format.lang === 'ar' ? 'rtl' : 'ltr'}>
      <p className="td-ticket__center">{priced ? truckName : t('print.kitchenTitle')}</p>
      <h1>{shownNumber(order.number)}</h1>
      {order.number < 0 && (
        <p className="td-ticket__center" data-testid="ticket-temporary">
          {t('queue.temporaryNumber')}
        </p>
      )}
      <p className="td-ticket__center td-ticket__big">
        {t(`type.${order.type}`)}
        {order.source === 'phone' ? `${detailSeparator(format.lang)}${t('source.phone')}` : ''}
      </p>
      <p className="td-ticket__center">
        <bdi>{order.customer.name}</bdi>
        {priced || order.type === 'delivery' ? (
          <>
            {detailSeparator(format.lang)}
            <bdi>{order.customer.phone}</bdi>
          </>
        ) : null}
      </p>
      <p className="td-ticket__center" data-testid="ticket-date">
        {format.date(order.requestedTime ?? order.createdAt)}
      </p>
      <p className="td-ticket__center">
        {order.requestedTime ? t('times.requested', { time: format.time(order.requestedTime) }) : t('times.placedAt', { time: format.time(order.createdAt) })}
        {!priced && order.estimatedReadyAt ? `${detailSeparator(format.lang)}${t('print.readyBy', { time: format.time(order.estimatedReadyAt) })}` : ''}
      </p>
      {/* Isolated, so a Latin address keeps its commas in place inside an Arabic line. */}
      {order.delivery && <p>{t('panel.deliverTo', { address: `\u2068${order.delivery.address}\u2069` })}</p>}
      <hr />
      {order.lines.map((line, index) => (
        <div key={index}>
          <div className={priced ? 'td-ticket__line' : 'td-ticket__line td-ticket__line--item'}>
            <span>
              {format.count(line.qty)} × {name(line)}
            </span>
            {priced && <span>{format.money(line.total, order.currency)}</span>}
          </div>
          {line.options.map((option) => (
            <div key={option.optionId} className="td-ticket__sub">
              + {name(option)}
            </div>
          ))}
          {line.note && <div className="td-ticket__sub">» {line.note}</div>}
        </div>
      ))}
      <hr />
      {priced && (
        <>
          <div className="td-ticket__line">
            <span>{t('panel.subtotal')}</span>
            <span>{format.money(order.subtotal, order.currency)}</span>
          </div>
          {order.deliveryFee > 0 && (
            <div className="td-ticket__line">
              <span>{t('panel.deliveryFee')}</span>
              <span>{format.money(order.deliveryFee, order.currency)}</span>
            </div>
          )}
          {order.money.discount > 0 && (
            <div className="td-ticket__line">
              <span>{t('panel.discount')}</span>
              <span>−{format.money(order.money.discount, order.currency)}</span>
            </div>
          )}
          {order.money.taxRateBp > 0 && (
            <div className="td-ticket__line" data-testid="ticket-tax">
              <span>{t(order.money.pricesIncludeTax ? 'panel.taxIncluded' : 'panel.tax', { rate: percentOf(order.money.taxRateBp, format.lang) })}</span>
              <span>{format.money(order.money.tax, order.currency)}</span>
            </div>
          )}
          {order.money.tip > 0 && (
            <div className="td-ticket__line" data-testid="ticket-tip">
              <span>{t('panel.tip')}</span>
              <span>{format.money(order.money.tip, order.currency)}</span>
            </div>
          )}
          <div className="td-ticket__line td-ticket__big">
            <span>{t('panel.total')}</span>
            <span>{format.money(order.total, order.currency)}</span>
          </div>
          <p>
            {t(`payment.${order.paymentMethod}`)}
            {detailSeparator(format.lang)}
            {t(`paymentStatus.${order.paymentStatus}`)}
          </p>
          {order.invoicedAt && (
            <TaxInvoice
              invoice={order}
              sellerName={truckName}
              words={{
                title: t('invoice.title'),
                number: t('invoice.number'),
                seller: t('invoice.seller'),
                vatNumber: t('invoice.vatNumber'),
                issuedAt: t('invoice.issuedAt'),
                vat: t('invoice.vat'),
                total: t('invoice.total'),
                qr: t('invoice.qr'),
              }}
              shown={{
                number: format.count(order.invoiceNumber ?? 0),
                issuedAt: `${format.date(order.invoicedAt)} ${format.time(order.invoicedAt)}`,
                vat: format.money(order.money.tax, order.currency),
                total: format.money(invoiceTotalMinor(order.money), order.currency),
              }}
            />
          )}
          <p className="td-ticket__center">{t('print.thanks')}</p>
        </>
      )}
      <p className="td-ticket__center">{t('print.printedAt', { time: printedAt })}</p>
    </article>
  );
}

interface PrintJob {
  kind: TicketKind;
  order: Order;
}

/** `print(kind, order)` opens the browser's print dialog with just that ticket. */
export function usePrinter(truckName: string, format: OrderFormat) {
  const [job, setJob] = useState<PrintJob | null>(null);

  useEffect(() => {
    if (!job) return;
    const done = () => setJob(null);
    window.addEventListener('afterprint', done, { once: true });
    // After the ticket is in the document: print() lays out what is there now.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [job]);

  const print = useCallback((kind: TicketKind, order: Order) => setJob({ kind, order }), []);
  const ticket = job
    ? createPortal(
        <div className="td-print-root">
          <OrderTicket kind={job.kind} order={job.order} truckName={truckName} format={format} printedAt={`${format.date(new Date().toISOString())} ${format.time(new Date().toISOString())}`} />
        </div>,
        document.body,
      )
    : null;
  return { print, ticket };
}
