/**
 * The "86" switch of one item or option: one control of three states (available, sold out until
 * the end of the truck's day, sold out until switched back), the current one filled in its colour so
 * a glance down the menu tells what is on. Native radio buttons, so the arrow keys move between the
 * states and a screen reader says "2 of 3, selected"; plain elements, not Ant Design's: a 300-item
 * menu shows 900 of them, and each Ant component costs a style hook and an effect.
 */
import { AVAILABILITY_STATES, type AvailabilityState, type SoldOutUntil } from '@domain/menu/line-pricing';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import '../../ui/chips.css';
import './availability-control.css';

export interface AvailabilityControlProps {
  /** The menu namespace's t, from the list (a translation hook per row would cost more than the row). */
  t: TFunction;
  /** The item's or option's id: the radio group's name. */
  id: string;
  soldOutUntil: SoldOutUntil;
  available: boolean;
  /** The item's or option's name, so the group says what it acts on. */
  name: string;
  onChange(state: AvailabilityState): void;
}

/** The state a control shows: a sold-out-until already past is available again. */
export function shownState(soldOutUntil: SoldOutUntil, available: boolean): AvailabilityState {
  if (available) return 'available';
  return soldOutUntil === 'indefinitely' ? 'sold_out' : 'sold_out_today';
}

const TEST_IDS: Record<AvailabilityState, string> = { available: 'available-again', sold_out_today: 'sold-out-today', sold_out: 'sold-out' };

export const AvailabilityControl = memo(function AvailabilityControl({ t, id, soldOutUntil, available, name, onChange }: AvailabilityControlProps) {
  const state = shownState(soldOutUntil, available);
  return (
    <span className="td-chips td-availability" role="radiogroup" aria-label={t('availability.groupFor', { name })} data-state={state} data-testid="availability">
      {AVAILABILITY_STATES.map((option) => (
        <label key={option} className={`td-chip td-availability__option td-availability__option--${option}`}>
          <input
            type="radio"
            name={`availability-${id}`}
            value={option}
            checked={state === option}
            onChange={() => onChange(option)}
            title={t(`availability.hint.${option}`)}
            data-testid={TEST_IDS[option]}
          />
          <span>{t(`availability.state.${option}`)}</span>
        </label>
      ))}
      {state !== 'available' && (
        <span className="td-availability__until" data-testid="sold-out-tag">
          {state === 'sold_out' ? t('availability.untilSwitchedBack') : t('availability.untilTomorrow')}
        </span>
      )}
    </span>
  );
});
