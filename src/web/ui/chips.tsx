/**
 * A row of chips to filter by: one of several (radio buttons) or any of several (checkboxes). Native
 * inputs, so the arrow keys, Space and screen readers work as on any form, dressed like Ant Design's
 * button-style radios and checkable tags at a fraction of their weight: Radio.Group alone brings
 * antd's form store along (decision 015).
 */
import type { ReactNode } from 'react';
import './chips.css';

export interface ChipOption<T extends string> {
  value: T;
  label: ReactNode;
}

interface ChipsProps<T extends string> {
  options: readonly ChipOption<T>[];
  /** Names the group for assistive technology. */
  label: string;
  testId?: string;
}

export interface RadioChipsProps<T extends string> extends ChipsProps<T> {
  /** The inputs' name: one per group on the page. */
  name: string;
  /** Optional, with onChange and id, so an antd Form.Item can fill them in. */
  value?: T;
  onChange?(value: T): void;
  id?: string;
}

export function RadioChips<T extends string>({ options, label, testId, name, value, onChange, id }: RadioChipsProps<T>) {
  return (
    <span className="td-chips" role="radiogroup" aria-label={label} data-testid={testId} id={id}>
      {options.map((option) => (
        <label key={option.value} className="td-chip">
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange?.(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </span>
  );
}

export interface CheckChipsProps<T extends string> extends ChipsProps<T> {
  value: readonly T[];
  onChange(value: T, checked: boolean): void;
}

export function CheckChips<T extends string>({ options, label, testId, value, onChange }: CheckChipsProps<T>) {
  return (
    <span className="td-chips" role="group" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <label key={option.value} className="td-chip td-chip--check">
          <input type="checkbox" value={option.value} checked={value.includes(option.value)} onChange={(event) => onChange(option.value, event.target.checked)} />
          <span>{option.label}</span>
        </label>
      ))}
    </span>
  );
}
