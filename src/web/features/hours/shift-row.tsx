/** One shift: opening and closing time (a close not after the open runs past midnight), delivery, and where the truck parks. */
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../ui/pickers';
import type { ShiftDraft } from './hours-draft';
import { SpotEditor } from './spot-editor';

export interface ShiftRowProps {
  shift: ShiftDraft;
  /** Names the row for screen readers ("Monday, shift 2"). */
  label: string;
  /** For tests: 'shift-mon-0'. */
  testId: string;
  errors: string[];
  onChange(shift: ShiftDraft): void;
  onRemove(): void;
}

const runsPastMidnight = (shift: ShiftDraft) => /^\d\d:\d\d$/.test(shift.opens) && /^\d\d:\d\d$/.test(shift.closes) && shift.closes <= shift.opens;

export function ShiftRow({ shift, label, testId, errors, onChange, onRemove }: ShiftRowProps) {
  const { t } = useTranslation('hours');
  const errorId = `${testId}-errors`;
  const invalid = errors.length > 0;

  return (
    <div className="td-shift" role="group" aria-label={label} data-testid={testId}>
      <div className="td-shift__times">
        <label className="td-shift__time">
          <span>{t('shift.opens')}</span>
          <TimeField
            value={shift.opens}
            onChange={(opens) => onChange({ ...shift, opens })}
            invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            testId={`${testId}-opens`}
          />
        </label>
        <label className="td-shift__time">
          <span>{t('shift.closes')}</span>
          <TimeField
            value={shift.closes}
            onChange={(closes) => onChange({ ...shift, closes })}
            invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            testId={`${testId}-closes`}
          />
        </label>
        {runsPastMidnight(shift) && <span className="td-shift__overnight">{t('shift.pastMidnight')}</span>}
        <Checkbox checked={shift.deliveryEnabled} onChange={(event) => onChange({ ...shift, deliveryEnabled: event.target.checked })}>
          {t('shift.delivery')}
        </Checkbox>
        {shift.spot === null ? (
          <Button size="small" type="link" onClick={() => onChange({ ...shift, spot: { address: '', lat: null, lng: null } })}>
            {t('spot.add')}
          </Button>
        ) : (
          <Button size="small" type="link" onClick={() => onChange({ ...shift, spot: null })}>
            {t('spot.remove')}
          </Button>
        )}
        <Button size="small" type="link" onClick={onRemove} data-testid={`${testId}-remove`}>
          {t('shift.remove')}
        </Button>
      </div>
      {shift.spot && <SpotEditor spot={shift.spot} testId={`${testId}-spot`} onChange={(spot) => onChange({ ...shift, spot })} />}
      {invalid && (
        <ul className="td-shift__errors" id={errorId} role="alert" data-testid={`${testId}-errors`}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
