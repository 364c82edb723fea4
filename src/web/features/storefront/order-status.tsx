/**
 * /t/{slug}/orders/{publicId}: the customer's order, updating by itself. It asks every few seconds
 * with the ETag it holds, so an unchanged order costs a 304; any server process can answer, as the
 * answer comes from the database. It stops asking once the order can no longer change.
 */
import { useEffect, useMemo, useState } from 'react';
import { isFinalStatus, ORDER_POLL_MS } from '@domain/storefront/order-page';
import type { PublicOrder } from '@domain/storefront';
import { ApiProblem, cancelOrder, fetchOrder } from './storefront.api';
import { pageFormat } from './format';
import { useWording } from './i18n';
import { LanguageSwitch } from './language-switch';
import { truckPath, type PageData, type StorefrontTruck } from './page-data';
import { nameIn } from '@domain/names';
import { invoiceTotalMinor } from '@domain/invoices';
import { TaxInvoice } from '../../ui/tax-invoice';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; order: PublicOrder };

export function OrderStatusView({ data, publicId, navigate }: { data: PageData; publicId: string; navigate(to: string): void }) {
  const { lang, t } = useWording();
  const { truck } = data;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [offline, setOffline] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelNote, setCancelNote] = useState<string | null>(null);
  const format = useMemo(() => pageFormat(lang, truck.currency, truck.timeZone), [lang, truck.currency, truck.timeZone]);
  const status = loaded.state === 'ready' ? loaded.order.status : null;

  useEffect(() => {
    if (status && isFinalStatus(status)) return;
    let live = true;
    let etag: string | null = null;
    let timer: number | undefined;
    const poll = async () => {
      try {
        const answer = await fetchOrder(truck.slug, publicId, lang, etag);
        if (!live) return;
        setOffline(false);
        if (answer) {
          etag = answer.etag;
          setLoaded({ state: 'ready', order: answer.order });
          if (isFinalStatus(answer.order.status)) return;
        }
      } catch (error) {
        if (!live) return;
        if (error instanceof ApiProblem && (error.status === 404 || error.status === 400)) return setLoaded({ state: 'missing' });
        setOffline(true);
      }
      timer = window.setTimeout(() => void poll(), ORDER_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // Restarted only when the order ends or the page changes language, not at every answer.
  }, [truck.slug, publicId, lang, status !== null && isFinalStatus(status)]); // eslint-disable-line react-hooks/exhaustive-deps

  const cancel = async () => {
    setConfirming(false);
    try {
      setLoaded({ state: 'ready', order: await cancelOrder(truck.slug, publicId, lang) });
    } catch (error) {
      setCancelNote(error instanceof ApiProblem && error.status === 409 ? t('order.cancelRefused') : t('errors.unknown'));
    }
  };

  const back = (
    <a
      className="sf-link-button"
      href={truckPath(truck.slug)}
      onClick={(event) => {
        event.preventDefault();
        navigate(truckPath(truck.slug));
      }}
    >
      {t('order.orderAgain')}
    </a>
  );

  return (
    <div className="sf-page">
      <header className="sf-header">
        <div className="sf-header__top">
          <div className="sf-header__names">
            <p className="sf-muted">{nameIn(truck, lang)}</p>
            <h1>{loaded.state === 'ready' ? t('order.title', { number: loaded.order.displayNumber }) : t('cart.title')}</h1>
          </div>
          <LanguageSwitch />
        </div>
      </header>
      <main className="sf-order">
        {loaded.state === 'missing' && <p className="sf-error">{t('order.notFound')}</p>}
        {loaded.state === 'ready' && <OrderBody order={loaded.order} spot={truck.spot} sellerName={nameIn(truck, lang)} format={format} />}
        {offline && <p className="sf-muted">{t('order.offline')}</p>}
        {cancelNote && (
          <p className="sf-error" role="alert">
            {cancelNote}
          </p>
        )}
        {loaded.state === 'ready' &&
          loaded.order.canCancel &&
          (confirming ? (
            <div className="sf-confirm" role="group" aria-label={t('order.confirmCancel')}>
              <p>{t('order.confirmCancel')}</p>
              <div className="sf-row">
                <button type="button" className="sf-danger" onClick={() => void cancel()}>
                  {t('order.yesCancel')}
                </button>
                <button type="button" className="sf-secondary" onClick={() => setConfirming(false)}>
                  {t('order.keep')}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="sf-secondary" onClick={() => setConfirming(true)}>
              {t('order.cancel')}
            </button>
          ))}
        <p>{back}</p>
      </main>
    </div>
  );
}

function OrderBody({ order, spot, sellerName, format }: { order: PublicOrder; spot: StorefrontTruck['spot']; sellerName: string; format: ReturnType<typeof pageFormat> }) {
  const { lang, t } = useWording();
  const readyAt = order.estimatedReadyAt ? format.time(order.estimatedReadyAt) : '';
  const headline = order.status === 'ready' && order.type === 'delivery' ? t('order.readyDelivery') : t(`order.status.${order.status}`, { time: readyAt });
  const ended = order.status === 'rejected' || order.status === 'cancelled' || order.status === 'expired';
  return (
    <>
      <p className={ended ? 'sf-status sf-status--closed' : 'sf-status sf-status--open'} role="status" aria-live="polite" data-testid="order-status">
        {headline}
      </p>
      {order.reason && <p>{t('order.reason', { reason: order.reason })}</p>}
      <dl className="sf-facts" data-testid="order-facts">
        <dt>{order.type === 'delivery' ? t('order.deliverTo') : t('order.pickupAt')}</dt>
        <dd>{order.type === 'delivery' ? order.deliveryAddress : (spot?.address ?? t('order.pickupAtTruck'))}</dd>
        <dt>{t('checkout.payment')}</dt>
        <dd>{t(`order.payment.${order.paymentMethod}`)}</dd>
      </dl>
      {!isFinalStatus(order.status) && <p className="sf-muted">{t('order.live')}</p>}
      <h2 className="sf-small-heading">{t('order.steps')}</h2>
      <ol className="sf-steps">
        {order.steps.map((step) => (
          <li key={step.status + step.at}>
            <span>{t(`order.stepNames.${step.status}`)}</span> <span className="sf-muted">{format.time(step.at)}</span>
          </li>
        ))}
      </ol>
      <ul className="sf-lines">
        {order.lines.map((line, index) => (
          <li key={index} className="sf-line">
            <div>
              <strong>
                {format.number(line.qty)} × {nameIn(line, lang)}
              </strong>
              {line.options.length > 0 && <p className="sf-muted">{line.options.map((option) => nameIn(option, lang)).join(lang === 'ar' ? '، ' : ', ')}</p>}
              {line.note && <p className="sf-muted">“{line.note}”</p>}
            </div>
            <span className="sf-line__total">{format.money(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="sf-totals">
        <dt>{t('cart.subtotal')}</dt>
        <dd>{format.money(order.subtotal)}</dd>
        {order.type === 'delivery' && (
          <>
            <dt>{t('cart.deliveryFee')}</dt>
            <dd>{format.money(order.deliveryFee)}</dd>
          </>
        )}
        <dt>{t('cart.total')}</dt>
        <dd>{format.money(order.total)}</dd>
      </dl>
      {order.invoicedAt && (
        <TaxInvoice
          className="sf-invoice"
          invoice={order}
          sellerName={sellerName}
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
            number: format.number(order.invoiceNumber ?? 0),
            issuedAt: format.dateTime(order.invoicedAt),
            vat: format.money(order.money.tax),
            total: format.money(invoiceTotalMinor(order.money)),
          }}
        />
      )}
      <p className="sf-muted">{t('order.placedAt', { time: format.time(order.placedAt) })}</p>
    </>
  );
}
