/** Plain <input> and <select> styled like the other inputs (native-fields.css says when to use them). */
import type { InputHTMLAttributes } from 'react';
import './native-fields.css';

const withClass = (className: string | undefined) => (className ? `td-native-field ${className}` : 'td-native-field');

export interface NativeInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid'> {
  invalid?: boolean;
  testId?: string;
  /** Shown after the value, inside the field's frame: a unit or a currency. */
  suffix?: string;
}

export function NativeInput({ invalid, testId, className, suffix, ...props }: NativeInputProps) {
  const input = <input {...props} className={withClass(className)} aria-invalid={invalid || undefined} data-testid={testId} />;
  if (!suffix) return input;
  return (
    <span className="td-native-affix">
      {input}
      <span className="td-native-affix__suffix" aria-hidden="true">
        {suffix}
      </span>
    </span>
  );
}

export interface NumberInputProps extends Omit<NativeInputProps, 'value' | 'onChange' | 'type'> {
  value: number | null;
  /** Null while the field is empty or holds no number yet. */
  onChange(value: number | null): void;
}

export function NumberInput({ value, onChange, step, ...props }: NumberInputProps) {
  return (
    <NativeInput
      {...props}
      type="number"
      step={step ?? 'any'}
      dir="ltr"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value.trim() === '' || !Number.isFinite(event.target.valueAsNumber) ? null : event.target.valueAsNumber)}
    />
  );
}

export interface NativeSelectProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  /** 'no' for options that are identifiers (time zones), not words. */
  translate?: 'yes' | 'no';
  testId?: string;
}

export function NativeSelect<T extends string>({ value, options, onChange, invalid, className, testId, ...rest }: NativeSelectProps<T>) {
  return (
    <select {...rest} className={withClass(className)} value={value} onChange={(event) => onChange(event.target.value as T)} aria-invalid={invalid || undefined} data-testid={testId}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
