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
