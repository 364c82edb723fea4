/** Document dates and expiry warnings in words, in the interface language. */
import type { DocumentAlert } from '@domain/trucks';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/use-format';

/** Calendar dates shown as such: read at noon UTC and formatted in UTC, so no time zone moves them to another day. */
export function useCalendarDate() {
  const format = useFormat();
  return (date: string) => format.date(`${date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
}

export function useAlertText() {
  const { t } = useTranslation('trucks');
  const day = useCalendarDate();
  return (alert: DocumentAlert) => {
    const document = t(`documentTypes.${alert.type}`);
    if (alert.state === 'expired') return t('alerts.expired', { document, date: day(alert.expiryDate) });
    return alert.daysLeft === 0 ? t('alerts.expiringToday', { document }) : t('alerts.expiring', { document, date: day(alert.expiryDate) });
  };
}
