/**
 * One booking in full: the event, the customer, the quote, the clash warning, the actions its
 * status allows (the domain's allowedBookingActions; the server checks again) and the history.
 * Every action carries the version shown, so a change made meanwhile answers 409 and the panel
 * reloads the latest instead.
 */
import type { Booking, BookingDesk } from '@domain/bookings/contracts';
import type { BookingAction } from '@domain/bookings';
import { allowedBookingActions } from '@domain/bookings/flow';
import { isolate } from '@domain/i18n/fill';
import { detailSeparator } from '@domain/locale';
import type { Currency } from '@domain/money';
import { fromMinor, toMinor } from '@domain/money/minor';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { NativeInput } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { DateTimeField } from '../../ui/pickers';
import { notify } from '../../ui/notify';
import type { BookingFormat } from './booking-format';
import { useActOnBookingMutation } from './bookings.api';

type Asking = 'quote' | 'decline' | 'cancel' | null;

/** A week from now, 'YYYY-MM-DDTHH:mm' in the device's clock (what the valid-until field holds). */
function inAWeek(): string {
  const at = new Date(Date.now() + 7 * 86_400_000);
  at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
  return at.toISOString().slice(0, 16);
}

function QuoteForm({ booking, format, busy, onSubmit, onBack }: { booking: Booking; format: BookingFormat; busy: boolean; onSubmit(action: BookingAction): void; onBack(): void }) {
  const { t } = useTranslation('bookings');
  const currency = booking.currency as Currency;
  const [amount, setAmount] = useState(booking.budgetMinor ? fromMinor(booking.budgetMinor, currency) : '');
  const [deposit, setDeposit] = useState('');
  const [message, setMessage] = useState('');
  const [validUntil, setValidUntil] = useState(inAWeek);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsedAmount = toMinor(amount, currency);
    const parsedDeposit = toMinor(deposit || '0', currency);
    if (!parsedAmount.ok) return setProblem(t('quote.badAmount'));
    if (!parsedDeposit.ok) return setProblem(t('quote.badAmount'));
    if (parsedDeposit.minor > parsedAmount.minor) return setProblem(t('quote.depositTooLarge'));
    setProblem(null);
    onSubmit({ action: 'quote', quote: { amountMinor: parsedAmount.minor, depositMinor: parsedDeposit.minor, message, validUntil: new Date(validUntil).toISOString() }, version: booking.version });
  };

  return (
    <form
      className="td-booking-form"
      aria-label={t('quote.title')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <strong>{t('quote.title')}</strong>
      <label className="td-booking-form__field">
        {t('quote.amount', { currency })}
        <NativeInput inputMode="decimal" required value={amount} onChange={(event) => setAmount(event.target.value)} testId="quote-amount" />
      </label>
      <label className="td-booking-form__field">
        {t('quote.deposit', { currency })}
        <NativeInput inputMode="decimal" value={deposit} onChange={(event) => setDeposit(event.target.value)} testId="quote-deposit" />
      </label>
      <label className="td-booking-form__field">
        {t('quote.validUntil')}
        <DateTimeField required value={validUntil} onChange={setValidUntil} testId="quote-valid-until" />
      </label>
      <label className="td-booking-form__field">
        {t('quote.message')}
        <textarea className="td-booking-form__textarea" maxLength={2000} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      {booking.budgetMinor !== null && <span>{t('panel.budget', { amount: format.money(booking.budgetMinor, currency) })}</span>}
      {problem && <Notice kind="error">{problem}</Notice>}
      <div className="td-booking-form__row">
        <Button htmlType="submit" type="primary" size="large" disabled={busy}>
          {t('quote.send')}
        </Button>
        <Button size="large" onClick={onBack}>
          {t('actions.back')}
        </Button>
      </div>
    </form>
  );
}

function ReasonForm({ action, busy, onSubmit, onBack }: { action: 'decline' | 'cancel'; busy: boolean; onSubmit(reason: string): void; onBack(): void }) {
  const { t } = useTranslation('bookings');
  const [reason, setReason] = useState('');
  return (
    <form
      className="td-booking-form"
      aria-label={t(`actions.reasonFor.${action}`)}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) onSubmit(reason);
      }}
    >
      <label className="td-booking-form__field">
        {t(`actions.reasonFor.${action}`)}
        <NativeInput required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} testId="booking-reason" />
      </label>
      <div className="td-booking-form__row">
        <Button htmlType="submit" type="primary" danger size="large" disabled={!reason.trim() || busy}>
          {t(`actions.${action}`)}
        </Button>
        <Button size="large" onClick={onBack}>
          {t('actions.back')}
        </Button>
      </div>
    </form>
  );
}

export function BookingPanel({ desk, booking, format }: { desk: BookingDesk; booking: Booking; format: BookingFormat }) {
  const { t } = useTranslation('bookings');
  const [act, { isLoading }] = useActOnBookingMutation();
  const [askingFor, setAsking] = useState<Asking>(null);
  const [depositReceived, setDepositReceived] = useState(false);
  const allowed = new Set(allowedBookingActions({ status: booking.status, windowStart: booking.windowStart, ...(booking.quote ? { quote: booking.quote } : {}) }, new Date()));
  // The server refuses a quote that clashes with a confirmed booking: the customer could never accept it.
  if (booking.clash) allowed.delete('quote');
  // A form for what the booking no longer allows (a confirmed booking came to clash with the quote
  // being written, and the server refused it): closed, so the panel shows the notice and what is left.
  const asking = askingFor === null || allowed.has(askingFor) ? askingFor : null;
  const currency = booking.currency as Currency;

  async function run(action: BookingAction) {
    try {
      await act({ truckId: desk.truckId, bookingId: booking.id, action }).unwrap();
      setAsking(null);
      notify.success(`bookings:actions.done.${action.action}`);
    } catch (error) {
      const problem = problemOf(error);
      // The cache reloads (the mutation's tags): the panel shows what is true now.
      toastProblem(problemMessage(problem, format.lang, t('actions.failed')));
    }
  }

  const separator = detailSeparator(format.lang);
  return (
    <article className="td-booking-panel" data-testid="booking-panel" data-status={booking.status}>
      <header className="td-booking-panel__head">
        <h2>
          {t('panel.title', { number: format.count(booking.number) })}
          {separator}
          {isolate(booking.eventType, format.lang)}
        </h2>
        <span className="td-booking-status" data-status={booking.status} data-testid="booking-status">
          {t(`status.${booking.status}`)}
        </span>
      </header>

      {booking.clash && (booking.status === 'pending' || booking.status === 'quoted') && (
        <Notice kind="warning" testId="booking-clash">
          {t(booking.status === 'pending' ? 'panel.clashNoQuote' : 'panel.clash', { number: format.count(booking.clash.number), when: format.instant(booking.clash.windowStart) })}
        </Notice>
      )}

      <dl className="td-booking-facts">
        <dt>{t('panel.when')}</dt>
        <dd>
          {format.date(booking.eventDate)}
          {separator}
          <span dir="ltr">{format.wallTime(booking.startTime)}–{format.wallTime(booking.endTime)}</span>
        </dd>
        <dt>{t('panel.setup')}</dt>
        <dd>{t('panel.setupMinutes', { count: booking.setupMinutes })}</dd>
        <dt>{t('panel.where')}</dt>
        <dd>{isolate(booking.location.address, format.lang)}</dd>
        <dt>{t('panel.guests')}</dt>
        <dd>
          {format.count(booking.guestCount)}
          {separator}
          {t(`serviceModel.${booking.serviceModel}`)}
        </dd>
        <dt>{t('panel.customer')}</dt>
        <dd>
          {isolate(booking.customer.name, format.lang)}
          {separator}
          <a href={`tel:${booking.customer.phone}`} dir="ltr">
            {booking.customer.phone}
          </a>
          {separator}
          <a href={`mailto:${booking.customer.email}`} dir="ltr">
            {booking.customer.email}
          </a>
        </dd>
        {booking.menuNotes && (
          <>
            <dt>{t('panel.menuNotes')}</dt>
            <dd>{booking.menuNotes}</dd>
          </>
        )}
        {booking.budgetMinor !== null && (
          <>
            <dt>{t('panel.budgetLabel')}</dt>
            <dd>{format.money(booking.budgetMinor, currency)}</dd>
          </>
        )}
        {booking.quote && (
          <>
            <dt>{t('panel.quote')}</dt>
            <dd data-testid="booking-quote">
              {format.money(booking.quote.amountMinor, currency)}
              {separator}
              {t('panel.deposit', { amount: format.money(booking.quote.depositMinor, currency) })}
              {separator}
              {t('panel.validUntil', { when: format.instant(booking.quote.validUntil) })}
              {booking.depositReceived && (
                <>
                  {separator}
                  {t('panel.depositReceived')}
                </>
              )}
              {booking.quote.message && <div>{booking.quote.message}</div>}
            </dd>
          </>
        )}
      </dl>

      {asking === 'quote' && <QuoteForm booking={booking} format={format} busy={isLoading} onSubmit={(action) => void run(action)} onBack={() => setAsking(null)} />}
      {(asking === 'decline' || asking === 'cancel') && (
        <ReasonForm action={asking} busy={isLoading} onSubmit={(reason) => void run({ action: asking, reason, version: booking.version })} onBack={() => setAsking(null)} />
      )}
      {asking === null && allowed.size > 0 && (
        <div className="td-booking-form__row" role="group" aria-label={t('actions.label')}>
          {allowed.has('quote') && (
            <Button type="primary" size="large" onClick={() => setAsking('quote')}>
              {t('actions.quote')}
            </Button>
          )}
          {allowed.has('confirm') && (
            <>
              <Checkbox checked={depositReceived} onChange={(event) => setDepositReceived(event.target.checked)}>
                {t('actions.depositReceived')}
              </Checkbox>
              <Button type="primary" size="large" disabled={isLoading} onClick={() => void run({ action: 'confirm', depositReceived, version: booking.version })}>
                {t('actions.confirm')}
              </Button>
            </>
          )}
          {allowed.has('complete') && (
            <Button type="primary" size="large" disabled={isLoading} onClick={() => void run({ action: 'complete', version: booking.version })}>
              {t('actions.complete')}
            </Button>
          )}
          {allowed.has('decline') && (
            <Button danger size="large" onClick={() => setAsking('decline')}>
              {t('actions.decline')}
            </Button>
          )}
          {allowed.has('cancel') && (
            <Button danger size="large" onClick={() => setAsking('cancel')}>
              {t('actions.cancel')}
            </Button>
          )}
        </div>
      )}

      <section>
        <h3>{t('panel.history')}</h3>
        <ol className="td-booking-history">
          {booking.history.map((entry) => (
            <li key={entry.version}>
              <strong>{t(`history.${entry.action}`)}</strong>
              {separator}
              {format.instant(entry.at)}
              {separator}
              {entry.actor ? isolate(entry.actor.name, format.lang) : t('history.noActor')}
              {entry.reason && <div>{t('history.reason', { reason: entry.reason })}</div>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/** A toast of text already worded (the API's code in the interface language). */
function toastProblem(text: string) {
  notify.error('bookings:actions.problem', { text });
}
