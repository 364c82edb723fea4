/**
 * Light form controls for fixed lists (cuisines, power source, currency, time zone): native
 * elements with the right semantics, so these screens do not pay for a virtualised select.
 * Each works as an Ant Design form control (value / onChange).
 */
import type { ReactNode } from 'react';

interface Option<T extends string> {
  value: T;
  label: ReactNode;
}

/** Several of a few: toggle buttons (aria-pressed), at most `max` on. */
export function ToggleChips<T extends string>({ value = [], onChange, options, max, label, testId }: {
  value?: T[];
  onChange?(value: T[]): void;
  options: Option<T>[];
  max: number;
  label: string;
  testId: string;
}) {
  return (
    <div role="group" aria-label={label} className="td-chips" data-testid={testId}>
      {options.map((option) => {
        const on = value.includes(option.value);
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={on}
            disabled={!on && value.length >= max}
            className="td-chip"
            data-value={option.value}
            onClick={() => onChange?.(on ? value.filter((v) => v !== option.value) : [...value, option.value])}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

/** One of a few: a radio group drawn as buttons. */
export function ChoiceChips<T extends string>({ value, onChange, options, label, testId }: {
  value?: T | null;
  onChange?(value: T): void;
  options: Option<T>[];
  label: string;
  testId: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="td-chips" data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className="td-chip"
          data-value={option.value}
          onClick={() => onChange?.(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** One of many: the browser's own select, searchable by typing. */
export function NativeSelect({ value, onChange, options, id, testId }: {
  value?: string;
  onChange?(value: string): void;
  options: readonly string[];
  id?: string;
  testId: string;
}) {
  return (
    <select id={id} className="td-select" value={value} onChange={(event) => onChange?.(event.target.value)} data-testid={testId}>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
