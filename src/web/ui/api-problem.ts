/**
 * The API's error inside an RTK Query error, worded from its code in the interface language (the
 * client never shows server text). A network failure or a non-API answer is `unexpected`.
 */
import type { Lang } from '@domain/errors';
import { errorMessage } from './messages';

export interface ApiProblem {
  code: string;
  fields: { path: string; code: string; params?: Record<string, unknown> }[];
  details?: Record<string, unknown>;
}

export function problemOf(error: unknown): ApiProblem {
  const body = (error as { data?: { error?: Partial<ApiProblem> } } | undefined)?.data?.error;
  if (!body || typeof body.code !== 'string') return { code: 'unexpected', fields: [] };
  return { code: body.code, fields: Array.isArray(body.fields) ? body.fields : [], details: body.details };
}

/** `unexpected` is the caller's own wording (a catalogue string) for failures without an API code. */
export function problemMessage(problem: ApiProblem, lang: Lang, unexpected: string): string {
  return problem.code === 'unexpected' ? unexpected : errorMessage(lang, problem.code, problem.details);
}
