/**
 * "Book the truck for an event": a catering or vending request sent to the truck's booking intake
 * (POST /public/trucks/{slug}/bookings). Loaded after the menu, as few customers open it.
 */
import { useId, useMemo, useRef, useState, type SelectHTMLAttributes } from 'react';
import { normalizePhone, parseCount } from '@domain/digits';
import { toMinor } from '@domain/money/minor';
import { localToday } from '@domain/time-zone';
import { bookableDays, bookableMonths, quarterHours, type Choice } from './event-calendar';
import { ApiProblem, newKey, requestBooking } from './storefront.api';
import { useWording, type Lang } from './i18n';
import type { StorefrontTruck } from './page-data';
import { fieldsOf, problemText, type FieldLabels } from './problems';

const FIELD_LABELS: FieldLabels = {
  'customer.name': 'booking.name',
  'customer.phone': 'booking.phone',
  'customer.email': 'booking.email',
  eventType: 'booking.eventType',
  eventDate: 'booking.date',
  startTime: 'booking.start',
  endTime: 'booking.end',
  guestCount: 'booking.guests',
  'location.address': 'booking.address',
  menuNotes: 'booking.notes',
  budgetMinor: 'booking.budget',
};

function Options({ choices, placeholder }: { choices: Choice[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}

/**
 * A list with its label beside it rather than around it: a label wrapping a <select> names it with the
 * chosen option too ("Month November 2026"), which a screen reader then says twice.
 */
function SelectField({ label, choices, placeholder, ...select }: { label: string; choices: Choice[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="sf-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        <Options choices={choices} placeholder={placeholder} />
      </select>
    </div>
  );
}

/** The event's day as a month and a day of it, each a list in the page's language: never a day the server refuses. */
function EventDate({ lang, timeZone, label, monthLabel, dayLabel, placeholder }: { lang: Lang; timeZone: string; label: string; monthLabel: string; dayLabel: string; placeholder: string }) {
  const today = useMemo(() => localToday(timeZone, new Date()), [timeZone]);
  const months = useMemo(() => bookableMonths(today, lang), [today, lang]);
  const [month, setMonth] = useState(months[0]!.value);
  const [day, setDay] = useState('');
  const days = useMemo(() => bookableDays(month, today, lang), [month, today, lang]);
  return (
    <fieldset className="sf-fieldset">
      <legend>{label}</legend>
      <div className="sf-row sf-row--wide">
        <SelectField
          label={monthLabel}
          name="month"
          choices={months}
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            // The same day number may not exist, or not be bookable, in the month now chosen.
            setDay('');
          }}
        />
        <SelectField label={dayLabel} name="date" required choices={days} placeholder={placeholder} value={day} onChange={(event) => setDay(event.target.value)} />
      </div>
    </fieldset>
  );
}

export default function BookingSection({ truck }: { truck: StorefrontTruck }) {
  const { lang, t } = useWording();
  const times = useMemo(() => quarterHours(lang), [lang]);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(newKey());

  if (!truck.takesBookings) {
    return (
      <section className="sf-section" aria-labelledby="sf-booking">
        <h2 id="sf-booking">{t('booking.title')}</h2>
        <p className="sf-muted">{t('booking.off')}</p>
      </section>
    );
  }

  const submit = async (form: HTMLFormElement) => {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const budget = value('budget') === '' ? null : toMinor(value('budget'), truck.currency);
    if (budget && !budget.ok) return setProblem(t('errors.inField', { field: t('booking.budget'), problem: t('errors.invalid') }));
    const guests = parseCount(value('guests'));
    if (guests === null) return setProblem(t('errors.inField', { field: t('booking.guests'), problem: t('errors.invalid_count') }));
    const body = {
      customer: { name: value('name'), phone: normalizePhone(value('phone')), email: value('email') },
      eventType: value('eventType'),
      serviceModel: value('serviceModel'),
      eventDate: value('date'),
      startTime: value('start'),
      endTime: value('end'),
      location: { address: value('address'), lat: null, lng: null },
      guestCount: guests,
      menuNotes: value('notes'),
      budgetMinor: budget ? budget.minor : null,
      language: lang,
    };
    setState('sending');
    setProblem(null);
    try {
      await requestBooking(truck.slug, lang, body, key.current);
      setState('sent');
    } catch (error) {
      setState('idle');
      if (!(error instanceof ApiProblem) || error.status === 0) return setProblem(t('booking.failed'));
      setProblem(fieldsOf(error).map((field) => problemText(field, FIELD_LABELS, t)).join(' '));
    }
  };

  return (
    <section className="sf-section" aria-labelledby="sf-booking">
      <h2 id="sf-booking">{t('booking.title')}</h2>
      <p className="sf-muted">{t('booking.intro')}</p>
      {state === 'sent' ? (
        <p className="sf-status sf-status--open" role="status">
          {t('booking.sent')}
        </p>
      ) : !open ? (
        <button type="button" className="sf-secondary" onClick={() => setOpen(true)}>
          {t('booking.open')}
        </button>
      ) : (
        <form
          className="sf-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget);
          }}
        >
          <label className="sf-field">
            <span>{t('booking.name')}</span>
            <input name="name" required maxLength={80} autoComplete="name" />
          </label>
          <label className="sf-field">
            <span>{t('booking.phone')}</span>
            <input name="phone" type="tel" required dir="ltr" autoComplete="tel" placeholder="+965…" />
          </label>
          <label className="sf-field">
            <span>{t('booking.email')}</span>
            <input name="email" type="email" required dir="ltr" autoComplete="email" />
          </label>
          <label className="sf-field">
            <span>{t('booking.eventType')}</span>
            <input name="eventType" required maxLength={80} placeholder={t('booking.eventTypeHint')} />
          </label>
          <label className="sf-field">
            <span>{t('booking.serviceModel')}</span>
            <select name="serviceModel" defaultValue="catering">
              <option value="catering">{t('booking.catering')}</option>
              <option value="vending">{t('booking.vending')}</option>
            </select>
          </label>
          <EventDate lang={lang} timeZone={truck.timeZone} label={t('booking.date')} monthLabel={t('booking.month')} dayLabel={t('booking.day')} placeholder={t('booking.choose')} />
          <div className="sf-row">
            <SelectField label={t('booking.start')} name="start" required defaultValue="" choices={times} placeholder={t('booking.choose')} />
            <SelectField label={t('booking.end')} name="end" required defaultValue="" choices={times} placeholder={t('booking.choose')} />
          </div>
          <label className="sf-field">
            <span>{t('booking.guests')}</span>
            <input name="guests" required inputMode="numeric" dir="ltr" maxLength={7} />
          </label>
          <label className="sf-field">
            <span>{t('booking.address')}</span>
            <input name="address" required maxLength={300} autoComplete="street-address" />
          </label>
          <label className="sf-field">
            <span>{t('booking.notes')}</span>
            <textarea name="notes" maxLength={2000} rows={3} />
          </label>
          <label className="sf-field">
            <span>
              {t('booking.budget')} ({truck.currency})
            </span>
            <input name="budget" inputMode="decimal" dir="ltr" />
          </label>
          {problem && (
            <p className="sf-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="sf-primary" disabled={state === 'sending'}>
            {state === 'sending' ? t('booking.sending') : t('booking.send')}
          </button>
        </form>
      )}
    </section>
  );
}
