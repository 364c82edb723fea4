/**
 * The "86" switch of one item or option: one tap for sold out until the end of the truck's day,
 * one for sold out until switched back, one to make it available again. Plain buttons, not Ant
 * Design's: a 300-item menu shows 600 of them, and each Ant button costs a style hook and an effect.
 */
import type { AvailabilityState, SoldOutUntil } from '@domain/menu';
import type { TFunction } from 'i18next';
import { memo } from 'react';

export interface AvailabilityControlProps {
  /** The menu namespace's t, from the list (a translation hook per row would cost more than the row). */
  t: TFunction;
  soldOutUntil: SoldOutUntil;
  available: boolean;
  /** The item's or option's name, so each button says what it acts on. */
  name: string;
  onChange(state: AvailabilityState): void;
}

export const AvailabilityControl = memo(function AvailabilityControl({ t, soldOutUntil, available, name, onChange }: AvailabilityControlProps) {
  if (available) {
    return (
      <span className="td-menu-availability">
        <button type="button" className="td-menu-btn" onClick={() => onChange('sold_out_today')} aria-label={t('availability.soldOutTodayFor', { name })} data-testid="sold-out-today">
          {t('availability.soldOutToday')}
        </button>
        <button type="button" className="td-menu-btn td-menu-btn--danger" onClick={() => onChange('sold_out')} aria-label={t('availability.soldOutFor', { name })} data-testid="sold-out">
          {t('availability.soldOut')}
        </button>
      </span>
    );
  }
  return (
    <span className="td-menu-availability">
      <span className="td-menu-tag td-menu-tag--sold-out" data-testid="sold-out-tag">
        {soldOutUntil === 'indefinitely' ? t('availability.soldOutIndefinitely') : t('availability.soldOutUntilTomorrow')}
      </span>
      <button type="button" className="td-menu-btn td-menu-btn--primary" onClick={() => onChange('available')} aria-label={t('availability.availableFor', { name })} data-testid="available-again">
        {t('availability.available')}
      </button>
    </span>
  );
});
