/** The application's history, newest first: who decided what, when, and why. */
import { detailSeparator } from '@domain/locale';
import type { ReviewEvent } from '@domain/trucks';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/use-format';

const tone = (action: ReviewEvent['action']) =>
  action === 'approve' || action === 'reinstate' ? 'good' : action === 'submit' ? 'neutral' : 'bad';

export function ReviewHistory({ events }: { events: ReviewEvent[] }) {
  const { t } = useTranslation('trucks');
  const format = useFormat();
  return (
    <ol className="td-history" data-testid="review-history">
      {[...events].reverse().map((event) => (
        <li key={event.id} className={`td-history__event td-history__event--${tone(event.action)}`}>
          <strong>{t(`history.${event.action}`)}</strong>
          {detailSeparator(format.lang)}
          <time dateTime={event.at}>{format.date(event.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          {event.reason && <div className="td-history__reason">{event.reason}</div>}
        </li>
      ))}
    </ol>
  );
}
