/**
 * The API's answer to a failed menu call, read by code: field errors go onto the editor's fields,
 * anything else becomes a toast in the interface's language (the client never shows server text).
 */
import type { Lang } from '@domain/errors';
import { errorMessage } from '@domain/i18n/error-messages';
import i18next from 'i18next';
import { toast } from 'react-toastify/unstyled';

export interface MenuProblem {
  code: string;
  fields: { path: string; code: string; params?: Record<string, unknown> }[];
  details?: Record<string, unknown>;
}

/** A network failure or an answer that is not the API's error shape reads as `unexpected`. */
export function problemOf(error: unknown): MenuProblem {
  const body = (error as { data?: { error?: Partial<MenuProblem> } } | undefined)?.data?.error;
  if (!body || typeof body.code !== 'string') return { code: 'unexpected', fields: [] };
  return { code: body.code, fields: Array.isArray(body.fields) ? body.fields : [], details: body.details };
}

export function problemText(problem: MenuProblem, lang: Lang): string {
  return problem.code === 'unexpected' ? i18next.t('menu:unexpected') : errorMessage(lang, problem.code, problem.details);
}

export function toastProblem(error: unknown, lang: Lang): void {
  toast.error(problemText(problemOf(error), lang));
}
