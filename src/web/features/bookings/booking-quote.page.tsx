/**
 * `/booking-quote/{token}`: the customer's page for a quote, opened from the mail, no sign-in. It
 * shows the request and the quote and accepts it (a confirmation, same overlap rule as the vendor's).
 * The link stops working at the quote's valid-until and after use; the page says so. It is the
 * truck's page as much as the truck page is: the truck's logo, name and phone at the top, in the
 * truck page's colours and type (ui/truck-brand.css), and no Ant Design. The mail's link carries its
 * language (?lang=, index.html's boot script); an older link without it reloads into the quote's.
 */
import { isolate } from '@domain/i18n/fill';
import { detailSeparator } from '@domain/locale';
import type { Currency } from '@domain/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { errorMessage } from '../../ui/messages';
import { Notice } from '../../ui/notice';
import { useBookingFormat } from './booking-format';
import { useAcceptQuoteMutation, usePublicQuoteQuery } from './bookings.api';
import '../../ui/truck-brand.css';
import './bookings.css';
import { nameIn } from '@domain/names';
import { PageLoading } from '../../app/page-loading';
import { useAppDispatch } from '../../app/hooks';
import { setLanguage } from '../../app/lang-dir.slice';
import { readString, STORAGE_KEYS } from '../../app/storage';

export function Component() {
  return <QuotePage />;
}

function QuotePage() {
  const { t } = useTranslation('bookings');
  const { token = '' } = useParams();
  const quote = usePublicQuoteQuery(token);
  const [accept, accepting] = useAcceptQuoteMutation();
  const format = useBookingFormat(quote.data?.timeZone ?? 'UTC');
  const dispatch = useAppDispatch();
  const mailLanguage = quote.data?.language;
  useEffect(() => {
    // Opened from the mail with no language chosen in this browser yet: the mail's language, as the
    // shell switches it (saved, then a reload); a choice the person made stays theirs.
    if (!mailLanguage || mailLanguage === format.lang || readString(STORAGE_KEYS.langDir) !== null) return;
    dispatch(setLanguage(mailLanguage));
    window.location.reload();
  }, [mailLanguage, format.lang, dispatch]);

  async function onAccept() {
    const result = await accept(token);
    // Refused (the truck was booked over that time meanwhile, the link ran out): the page reads the
    // quote again and shows what is true now, the Accept button gone when it can no longer succeed.
    if ('error' in result) void quote.refetch();
  }

  if (quote.isError) {
    return (
      <section className="td-booking-quote" data-testid="quote-invalid">
        <h1>{t('customer.invalidTitle')}</h1>
        <p>{t('customer.invalidBody')}</p>
      </section>
    );
  }
  if (!quote.data) return <PageLoading />;
  const q = quote.data;
  const currency = q.currency as Currency;
  const truckName = nameIn(q.truck, format.lang) || t('customer.theTruck');
  const deposit = format.money(q.quote.depositMinor, currency);

  const separator = detailSeparator(format.lang);
  return (
    <section className="td-booking-quote" data-testid="quote-page" data-status={q.status}>
      <header className="td-booking-quote__truck" data-testid="quote-truck">
        {q.truck.logoUrl ? (
          <img className="td-booking-quote__logo" src={q.truck.logoUrl} alt="" width={64} height={64} data-testid="quote-truck-logo" />
        ) : (
          <div className="td-booking-quote__logo td-booking-quote__logo--empty" aria-hidden="true" />
        )}
        <div className="td-booking-quote__names">
          <p className="td-booking-quote__truck-name">{truckName}</p>
          <p className="td-booking-quote__contact">
            {q.truck.phone && (
              <a href={`tel:${q.truck.phone}`} data-testid="quote-truck-phone">
                {t('customer.call', { phone: q.truck.phone })}
              </a>
            )}
            {q.truck.slug && (
              <a href={`/t/${encodeURIComponent(q.truck.slug)}`} data-testid="quote-truck-page">
                {t('customer.truckPage')}
              </a>
            )}
          </p>
        </div>
      </header>
      <div className="td-booking-quote__card">
        <h1>{t('customer.title', { truck: truckName })}</h1>
        <dl className="td-booking-facts">
          <dt>{t('customer.request')}</dt>
          <dd>
            #{format.count(q.number)}
            {separator}
            {isolate(q.eventType, format.lang)}
            {separator}
            {t('list.guests', { count: q.guestCount })}
          </dd>
          <dt>{t('panel.when')}</dt>
          <dd>
            {format.date(q.eventDate)}
            {separator}
            <span dir="ltr">{format.wallTime(q.startTime)}–{format.wallTime(q.endTime)}</span>
          </dd>
          <dt>{t('panel.where')}</dt>
          <dd>{isolate(q.address, format.lang)}</dd>
          <dt>{t('customer.price')}</dt>
          <dd className="td-booking-quote__amount" data-testid="quote-amount-shown">
            {format.money(q.quote.amountMinor, currency)}
          </dd>
          {q.quote.depositMinor > 0 && (
            <>
              <dt>{t('customer.deposit')}</dt>
              <dd data-testid="quote-deposit-shown">{deposit}</dd>
            </>
          )}
          <dt>{t('customer.validUntil')}</dt>
          <dd>{format.instant(q.quote.validUntil)}</dd>
        </dl>
        {q.quote.message && <blockquote className="td-booking-quote__message">{q.quote.message}</blockquote>}
        {(q.status === 'confirmed' || q.acceptable) && (
          <p className="td-booking-quote__deposit" data-testid="quote-deposit-note">
            {q.quote.depositMinor === 0
              ? t('customer.noDeposit', { truck: truckName })
              : t(q.status === 'confirmed' ? 'customer.depositDue' : 'customer.depositOnAccept', { amount: deposit, truck: truckName })}
          </p>
        )}
        {q.status === 'confirmed' ? (
          <Notice kind="success" testId="quote-confirmed">
            {t('customer.confirmed')}
          </Notice>
        ) : q.timeTaken ? (
          <Notice kind="error" testId="quote-time-taken">
            {errorMessage(format.lang, 'booking_time_taken')}
          </Notice>
        ) : q.acceptable ? (
          <>
            {accepting.isError && <Notice kind="error">{problemMessage(problemOf(accepting.error), format.lang, t('customer.acceptFailed'))}</Notice>}
            <button type="button" className="td-booking-quote__accept" disabled={accepting.isLoading} aria-busy={accepting.isLoading} onClick={() => void onAccept()} data-testid="quote-accept">
              {t('customer.accept')}
            </button>
          </>
        ) : (
          <Notice kind="info">{t('customer.notAcceptable')}</Notice>
        )}
      </div>
    </section>
  );
}
