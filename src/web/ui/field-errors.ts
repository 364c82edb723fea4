/**
 * Field errors (of a contract checked in the browser, or of the server's answer) worded from their
 * codes and grouped by path, so a form shows each message beside what it is about.
 */
import type { Lang } from '@domain/errors';
import { fieldMessage } from './messages';

export interface FieldProblem {
  path: string;
  code: string;
  params?: Record<string, unknown>;
}

/** Messages by field path ('days.mon.1.closes', 'feeRules.0.fee'…). */
export type FieldErrors = ReadonlyMap<string, string[]>;

export function fieldErrorsByPath(fields: readonly FieldProblem[], lang: Lang): FieldErrors {
  const errors = new Map<string, string[]>();
  for (const field of fields) errors.set(field.path, [...(errors.get(field.path) ?? []), fieldMessage(lang, field.code, field.params)]);
  return errors;
}

/** The messages at `path` and below it: a row's own and its fields'. */
export function messagesUnder(errors: FieldErrors, path: string): string[] {
  return [...errors].filter(([key]) => key === path || key.startsWith(`${path}.`)).flatMap(([, messages]) => messages);
}
