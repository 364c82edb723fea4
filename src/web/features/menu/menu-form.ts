/**
 * The editors' forms and the shared contracts: problems found by the zod schema (before sending) or
 * by the server (after) land on the field they name, in the interface's language. The forms hold
 * prices as typed text, so `priceMinor` problems belong to the `price` field.
 */
import type { Lang } from '@domain/errors';
import { fieldMessage, issuesToFields } from '../../ui/messages';
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import type { FieldProblem } from '../../ui/field-errors';

const FORM_NAMES: Record<string, string> = { priceMinor: 'price', priceDeltaMinor: 'priceDelta' };

export function formName(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : (FORM_NAMES[part] ?? part)));
}

/** Replaces the form's errors by these problems, each on its field; answers whether every one found a field. */
export function showFieldProblems(form: FormInstance, problems: readonly FieldProblem[], lang: Lang): boolean {
  const fields = form.getFieldsError();
  form.setFields(fields.map(({ name }) => ({ name, errors: [] })));
  const registered = new Set(fields.map((field) => JSON.stringify(field.name)));
  let placed = 0;
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const problem of problems) {
    const name = formName(problem.path);
    if (!registered.has(JSON.stringify(name))) continue;
    placed += 1;
    const entry = byField.get(problem.path) ?? { name, errors: [] };
    entry.errors.push(fieldMessage(lang, problem.code, problem.params));
    byField.set(problem.path, entry);
  }
  form.setFields([...byField.values()]);
  return placed === problems.length;
}

/**
 * After a change: each field that shows an error shows what is still wrong with it now, or nothing.
 * Errors only leave as the values become valid; new ones wait for the next save.
 */
export function refreshShownProblems(form: FormInstance, problems: readonly FieldProblem[], lang: Lang): void {
  const now = new Map<string, string[]>();
  for (const problem of problems) {
    const key = JSON.stringify(formName(problem.path));
    now.set(key, [...(now.get(key) ?? []), fieldMessage(lang, problem.code, problem.params)]);
  }
  const changed = form
    .getFieldsError()
    .filter(({ errors }) => errors.length > 0)
    .map(({ name, errors }) => ({ name, errors, next: now.get(JSON.stringify(name)) ?? [] }))
    .filter(({ errors, next }) => errors.join('\n') !== next.join('\n'));
  if (changed.length > 0) form.setFields(changed.map(({ name, next }) => ({ name, errors: next })));
}

export function issuesOf(error: z.ZodError, lang: Lang): FieldProblem[] {
  return issuesToFields(error.issues, lang);
}
