/** A weekday's shifts: add, edit, remove, and copy the day to other days. */
import { WEEKDAYS, type Weekday } from '@domain/hours/weekdays';
import { Button, Checkbox, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { messagesUnder, type FieldErrors } from '../../ui/field-errors';
import { nextShift, type ShiftDraft } from './hours-draft';
import { ShiftRow } from './shift-row';
import { weekdayName } from './weekday-names';

export interface ShiftListProps {
  shifts: ShiftDraft[];
  /** Error paths of this list: 'days.mon' or 'exceptions.2026-12-24.shifts'. */
  path: string;
  /** Names the rows: the weekday or the date. */
  title: string;
  testId: string;
  errors: FieldErrors;
  onChange(shifts: ShiftDraft[]): void;
}

export function ShiftList({ shifts, path, title, testId, errors, onChange }: ShiftListProps) {
  const { t } = useTranslation('hours');
  const replace = (index: number, shift: ShiftDraft) => onChange(shifts.map((s, i) => (i === index ? shift : s)));
  return (
    <div className="td-shift-list">
      {shifts.map((shift, index) => (
        <ShiftRow
          key={shift.key}
          shift={shift}
          label={t('shift.label', { day: title, number: index + 1 })}
          testId={`${testId}-${index}`}
          errors={messagesUnder(errors, `${path}.${index}`)}
          onChange={(next) => replace(index, next)}
          onRemove={() => onChange(shifts.filter((_, i) => i !== index))}
        />
      ))}
      <Button size="small" onClick={() => onChange([...shifts, nextShift(shifts)])} data-testid={`${testId}-add`}>
        {t('shift.add')}
      </Button>
    </div>
  );
}

function CopyDay({ day, onCopy }: { day: Weekday; onCopy(to: Weekday[]): void }) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [open, setOpen] = useState(false);
  const [targets, setTargets] = useState<Weekday[]>([]);
  const others = WEEKDAYS.filter((other) => other !== day);
  const content = (
    <div className="td-copy-day">
      <Checkbox.Group value={targets} onChange={(values) => setTargets(values)} options={others.map((other) => ({ value: other, label: weekdayName(other, lang) }))} />
      <div className="td-copy-day__actions">
        <Button size="small" onClick={() => setTargets(others)}>
          {t('copy.allDays')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={targets.length === 0}
          onClick={() => {
            onCopy(targets);
            setTargets([]);
            setOpen(false);
          }}
          data-testid={`copy-${day}-apply`}
        >
          {t('copy.apply')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title={t('copy.title', { day: weekdayName(day, lang) })} content={content}>
      <Button size="small" type="link" data-testid={`copy-${day}`}>
        {t('copy.open')}
      </Button>
    </Popover>
  );
}

export interface DayShiftsProps {
  day: Weekday;
  shifts: ShiftDraft[];
  errors: FieldErrors;
  onChange(shifts: ShiftDraft[]): void;
  onCopy(to: Weekday[]): void;
}

export function DayShifts({ day, shifts, errors, onChange, onCopy }: DayShiftsProps) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const name = weekdayName(day, lang);
  return (
    <section className="td-day" aria-label={name} data-testid={`day-${day}`}>
      <header className="td-day__header">
        <h3>{name}</h3>
        {shifts.length === 0 && <span className="td-day__closed">{t('day.closed')}</span>}
        <CopyDay day={day} onCopy={onCopy} />
      </header>
      <ShiftList shifts={shifts} path={`days.${day}`} title={name} testId={`shift-${day}`} errors={errors} onChange={onChange} />
    </section>
  );
}
