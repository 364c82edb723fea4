/**
 * `/booking-quote/{token}`: the customer's page for a quote, opened from the mail, no sign-in. It
 * shows the request and the quote and accepts it (a confirmation, same overlap rule as the vendor's).
 * The link stops working at the quote's valid-until and after use; the page says so.
 */
import { isolate } from '@domain/i18n/fill';
import { detailSeparator } from '@domain/locale';
import type { Currency } from '@domain/money';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { Notice } from '../../ui/notice';
import { useBookingFormat } from './booking-format';
import { useAcceptQuoteMutation, usePublicQuoteQuery } from './bookings.api';
import './bookings.css';
import { nameIn } from '@domain/names';
import { AntdProvider } from '../../app/antd-provider';
import { PageLoading } from '../../app/page-loading';
import { useAppDispatch } from '../../app/hooks';
import { setLanguage } from '../../app/lang-dir.slice';
import { readString, STORAGE_KEYS } from '../../app/storage';

/** In the app's theme, as the back office is: antd's default blue is 4.1:1 under the accept button's white text. */
export function Component() {
  return (
    <AntdProvider>
      <QuotePage />
    </AntdProvider>
  );
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

  const separator = detailSeparator(format.lang);
  return (
    <section className="td-booking-quote" data-testid="quote-page" data-status={q.status}>
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
        <dd>{q.address}</dd>
        <dt>{t('customer.price')}</dt>
        <dd className="td-booking-quote__amount" data-testid="quote-amount-shown">
          {format.money(q.quote.amountMinor, currency)}
        </dd>
        {q.quote.depositMinor > 0 && (
          <>
            <dt>{t('customer.deposit')}</dt>
            <dd>{format.money(q.quote.depositMinor, currency)}</dd>
          </>
        )}
        <dt>{t('customer.validUntil')}</dt>
        <dd>{format.instant(q.quote.validUntil)}</dd>
      </dl>
      {q.quote.message && <blockquote className="td-booking-quote__message">{q.quote.message}</blockquote>}
      {q.quote.depositMinor > 0 && (q.status === 'confirmed' || q.acceptable) && (
        <p data-testid="quote-deposit-note">
          {t(q.status === 'confirmed' ? 'customer.depositDue' : 'customer.depositOnAccept', { amount: format.money(q.quote.depositMinor, currency), truck: truckName })}
        </p>
      )}
      {q.status === 'confirmed' ? (
        <Notice kind="success" testId="quote-confirmed">
          {t('customer.confirmed')}
        </Notice>
      ) : q.acceptable ? (
        <>
          {accepting.isError && <Notice kind="error">{problemMessage(problemOf(accepting.error), format.lang, t('customer.acceptFailed'))}</Notice>}
          <Button type="primary" size="large" loading={accepting.isLoading} onClick={() => void accept(token)} data-testid="quote-accept">
            {t('customer.accept')}
          </Button>
        </>
      ) : (
        <Notice kind="info">{t('customer.notAcceptable')}</Notice>
      )}
    </section>
  );
}
