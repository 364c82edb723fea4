import { errorMessage, fieldMessage } from './messages';
import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractRule, showFormProblem } from './form-problems';

/** A form holding `shown` on screen and `hidden` only in its store; it records what was set. */
function fakeForm(shown: string[], hidden: string[] = []) {
  const set: { name: unknown; errors: string[] }[] = [];
  const valuesOf = (names: string[]) => Object.fromEntries(names.map((name) => [name, '']));
  const form = {
    getFieldsValue: (all?: true) => valuesOf(all ? [...shown, ...hidden] : shown),
    setFields: (fields: typeof set) => set.push(...fields),
  } as unknown as FormInstance;
  return { form, set };
}

const fields = [{ path: 'email', code: 'required' }];

describe('showFormProblem', () => {
  it('puts field errors on their fields and shows nothing above the form when all of them landed', () => {
    const { form, set } = fakeForm(['email']);
    expect(showFormProblem(form, { code: 'validation_failed', fields }, 'en', 'oops')).toBeNull();
    expect(set).toEqual([{ name: 'email', errors: [fieldMessage('en', 'required')] }]);
  });

  it('words the rest from its code, or with the caller’s wording when there is none', () => {
    const { form } = fakeForm(['name']);
    expect(showFormProblem(form, { code: 'validation_failed', fields }, 'en', 'oops')).toBe(errorMessage('en', 'validation_failed'));
    expect(showFormProblem(form, { code: 'unexpected', fields: [] }, 'en', 'oops')).toBe('oops');
  });

  it('places by the field a path names, among hidden fields too when asked', () => {
    const { form, set } = fakeForm([], ['cuisines']);
    const problem = { code: 'validation_failed', fields: [{ path: 'cuisines.0', code: 'required' }] };
    expect(showFormProblem(form, problem, 'en', 'oops', { fieldOf: (path) => path.split('.')[0] ?? '' })).toBe(errorMessage('en', 'validation_failed'));
    expect(showFormProblem(form, problem, 'en', 'oops', { fieldOf: (path) => path.split('.')[0] ?? '', includeUnmounted: true })).toBeNull();
    expect(set).toEqual([{ name: 'cuisines', errors: [fieldMessage('en', 'required')] }]);
  });
});

describe('contractRule', () => {
  const validate = (rule: ReturnType<typeof contractRule>, value: unknown) =>
    (rule as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);
  const isEmpty = (value: unknown) => value === '';

  it('lets an empty value pass unless required', async () => {
    await expect(validate(contractRule(z.string().min(3), 'en', { required: false, isEmpty }), '')).resolves.toBeUndefined();
    await expect(validate(contractRule(z.string().min(3), 'en', { required: true, isEmpty }), '')).rejects.toThrow(fieldMessage('en', 'required'));
  });

  it('checks anything else against the schema', async () => {
    const rule = contractRule(z.string().min(3), 'en', { required: true, isEmpty });
    await expect(validate(rule, 'abcd')).resolves.toBeUndefined();
    await expect(validate(rule, 'ab')).rejects.toThrow();
  });

  it('checks against a loaded schema as against one at hand', async () => {
    const rule = contractRule(async () => z.string().min(3), 'en', { required: true, isEmpty });
    await expect(validate(rule, 'abcd')).resolves.toBeUndefined();
    await expect(validate(rule, 'ab')).rejects.toThrow(/3/);
    await expect(validate(rule, '')).rejects.toThrow(fieldMessage('en', 'required'));
  });

  it('leaves the value to the server when the schema cannot be fetched', async () => {
    const rule = contractRule(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'en', { required: true, isEmpty });
    await expect(validate(rule, 'ab')).resolves.toBeUndefined();
    await expect(validate(rule, '')).rejects.toThrow(fieldMessage('en', 'required'));
  });
});
