/** Date exceptions: closed all day, or other hours (holidays, Ramadan); the upcoming ones listed in date order. */
import { dateTimeFormat } from '@domain/locale';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import type { UiLang } from '../../app/lang-dir.slice';
import type { FieldErrors } from '../../ui/field-errors';
import { NativeSelect } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { DateField } from '../../ui/pickers';
import { ShiftList } from './day-shifts';
import { copiesOf, nextShift, type ExceptionDraft } from './hours-draft';

export function formatDateKey(date: string, lang: UiLang): string {
  const [year, month, day] = date.split('-').map(Number);
  return dateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, day!));
}

export interface ExceptionsCardProps {
  exceptions: ExceptionDraft[];
  /** The truck's local date today: earlier exceptions are kept but not listed. */
  today: string;
  errors: FieldErrors;
  /** The weekly shifts of a date, offered as the start of its special hours. */
  weeklyShiftsOf(date: string): ExceptionDraft['shifts'];
  onChange(exceptions: ExceptionDraft[]): void;
}

export function ExceptionsCard({ exceptions, today, errors, weeklyShiftsOf, onChange }: ExceptionsCardProps) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [newDate, setNewDate] = useState('');
  const upcoming = exceptions.filter((exception) => exception.date >= today);
  const taken = exceptions.some((exception) => exception.date === newDate);
  const replace = (date: string, next: ExceptionDraft) => onChange(exceptions.map((e) => (e.date === date ? next : e)));
  const listErrors = errors.get('exceptions') ?? [];

  /** Special hours start from what the date would have had, or from one shift. */
  const startingShifts = (exception: ExceptionDraft) => {
    if (exception.shifts.length > 0) return exception.shifts;
    const weekly = copiesOf(weeklyShiftsOf(exception.date));
    return weekly.length > 0 ? weekly : [nextShift([])];
  };

  const add = () => {
    const added: ExceptionDraft = { date: newDate, kind: 'closed', shifts: [] };
    onChange([...exceptions, added].sort((a, b) => (a.date < b.date ? -1 : 1)));
    setNewDate('');
  };

  return (
    <Panel title={t('exceptions.title')} testId="exceptions">
      <p className="td-hours__hint">{t('exceptions.intro')}</p>
      {listErrors.map((message) => (
        <Notice key={message} kind="error">
          {message}
        </Notice>
      ))}
      {upcoming.length === 0 ? (
        <Notice kind="info">{t('exceptions.none')}</Notice>
      ) : (
        <ol className="td-exceptions">
          {upcoming.map((exception) => {
            const title = formatDateKey(exception.date, lang);
            const path = `exceptions.${exception.date}`;
            const ownErrors = [...(errors.get(path) ?? []), ...(errors.get(`${path}.shifts`) ?? [])];
            return (
              <li key={exception.date} className="td-exception" data-testid={`exception-${exception.date}`}>
                <header className="td-exception__header">
                  <h3>{title}</h3>
                  <NativeSelect
                    value={exception.kind}
                    onChange={(kind) => replace(exception.date, { ...exception, kind, shifts: kind === 'shifts' ? startingShifts(exception) : exception.shifts })}
                    aria-label={t('exceptions.kind', { date: title })}
                    testId={`exception-${exception.date}-kind`}
                    options={[
                      { value: 'closed', label: t('exceptions.closed') },
                      { value: 'shifts', label: t('exceptions.otherHours') },
                    ]}
                  />
                  <Button size="small" type="link" onClick={() => onChange(exceptions.filter((e) => e.date !== exception.date))}>
                    {t('exceptions.remove')}
                  </Button>
                </header>
                {ownErrors.length > 0 && <Notice kind="error">{ownErrors.join(' ')}</Notice>}
                {exception.kind === 'shifts' && (
                  <ShiftList
                    shifts={exception.shifts}
                    path={`${path}.shifts`}
                    title={title}
                    testId={`exception-${exception.date}-shift`}
                    errors={errors}
                    onChange={(shifts) => replace(exception.date, { ...exception, shifts })}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="td-exceptions__add">
        <label>
          <span>{t('exceptions.date')}</span>
          <DateField min={today} value={newDate} onChange={setNewDate} testId="exception-date" />
        </label>
        <Button onClick={add} disabled={!newDate || newDate < today || taken} data-testid="exception-add">
          {t('exceptions.add')}
        </Button>
        {taken && <span className="td-hours__hint">{t('exceptions.taken')}</span>}
      </div>
    </Panel>
  );
}
