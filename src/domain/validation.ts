/**
 * Turns zod issues into the API's field errors: a path, a stable code the client can translate,
 * the params the message needs, and the message in the request's language.
 */
import type { z } from 'zod';
import type { FieldError } from './errors';
import { fieldMessage, type Messages } from './i18n/messages';

type Issue = z.core.$ZodIssue & { input?: unknown };

const MISSING_VALUE_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

function fieldCode(issue: Issue): { code: string; params: Record<string, unknown> } {
  // Parsed with reportInput, so a missing key shows as an undefined input.
  if (MISSING_VALUE_CODES.has(issue.code) && 'input' in issue && issue.input === undefined) return { code: 'required', params: {} };
  switch (issue.code) {
    case 'invalid_type':
      return { code: 'invalid_type', params: { expected: issue.expected } };
    case 'too_small': {
      const origin = ['string', 'number', 'array'].includes(issue.origin) ? `_${issue.origin}` : '';
      const bigint = typeof issue.minimum === 'bigint';
      return { code: `too_small${bigint ? '_number' : origin}`, params: { minimum: Number(issue.minimum), inclusive: issue.inclusive ?? true } };
    }
    case 'too_big': {
      const origin = ['string', 'number', 'array'].includes(issue.origin) ? `_${issue.origin}` : '';
      return { code: `too_big${origin}`, params: { maximum: Number(issue.maximum), inclusive: issue.inclusive ?? true } };
    }
    case 'invalid_format':
      return { code: 'invalid_format', params: { format: issue.format } };
    case 'invalid_value':
      return { code: 'invalid_value', params: { values: issue.values.map(String) } };
    case 'unrecognized_keys':
      return { code: 'unrecognized_keys', params: { keys: issue.keys } };
    case 'not_multiple_of':
      return { code: 'not_multiple_of', params: { divisor: Number(issue.divisor) } };
    case 'custom': {
      // Refinements name their own code in params.code so the client can translate them.
      const params = (issue.params ?? {}) as Record<string, unknown>;
      const code = typeof params.code === 'string' ? params.code : 'custom';
      return { code, params };
    }
    default:
      return { code: issue.code, params: {} };
  }
}

/** The field code of text no column can hold. */
export const UNSTORABLE_TEXT = 'invalid_characters';
/** Half of a UTF-16 surrogate pair (its other half missing); PostgreSQL refuses it, and a NUL too. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const storable = (text: string) => !text.includes('\0') && !LONE_SURROGATE.test(text);

const unstorableAt = (path: PropertyKey[]): z.core.$ZodIssue => ({ code: 'custom', path, message: UNSTORABLE_TEXT, params: { code: UNSTORABLE_TEXT } });

/**
 * One rule for every string a request carries, whatever its schema says: an issue for each string
 * (or object key) of a parsed value that holds a NUL or a lone surrogate, which the database would
 * refuse only after the request had done its reads.
 */
export function unstorableTextIssues(value: unknown, path: PropertyKey[] = []): z.core.$ZodIssue[] {
  if (typeof value === 'string') return storable(value) ? [] : [unstorableAt(path)];
  if (Array.isArray(value)) return value.flatMap((item: unknown, i) => unstorableTextIssues(item, [...path, i]));
  if (typeof value !== 'object' || value === null) return [];
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return [];
  return Object.entries(value).flatMap(([key, item]) => (storable(key) ? unstorableTextIssues(item, [...path, key]) : [unstorableAt([...path, key])]));
}

export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** `messages`: the language's catalogues (i18n/messages.ts), the one the fields are worded in. */
export function issuesToFields(issues: readonly Issue[], messages: Messages): FieldError[] {
  return issues.map((issue) => {
    const { code, params } = fieldCode(issue);
    return { path: issuePath(issue.path), code, params, message: fieldMessage(messages, code, params) };
  });
}
