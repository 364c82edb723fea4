/**
 * The truck forms and the shared contracts: zod schemas from src/domain as Ant Design rules, and
 * the API's error codes as messages (field errors onto their fields, the rest as one message).
 * Messages come from the domain catalogue by code: the client never shows server text.
 */
import type { Lang } from '@domain/errors';
import { errorMessage, fieldMessage } from '@domain/i18n/error-messages';
import { issuesToFields } from '@domain/validation';
import type { FormInstance, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLang } from './truck-name';

/** A field's rule from its contract; `required` adds the check submission makes (drafts may leave it empty). */
export function zodRule(schema: z.ZodType, lang: Lang, required = false): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      if (empty) {
        if (required) throw new Error(fieldMessage(lang, 'required'));
        return;
      }
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issuesToFields(result.error.issues, lang)[0]?.message);
    },
  };
}

export interface Problem {
  code: string;
  fields: { path: string; code: string; params?: Record<string, unknown> }[];
  details?: Record<string, unknown>;
}

/** The API error inside an RTK Query error; a network failure or a non-API answer is `unexpected`. */
export function problemOf(error: unknown): Problem {
  const body = (error as { data?: { error?: Partial<Problem> } } | undefined)?.data?.error;
  if (!body || typeof body.code !== 'string') return { code: 'unexpected', fields: [] };
  return { code: body.code, fields: Array.isArray(body.fields) ? body.fields : [], details: body.details };
}

/**
 * Puts field errors on the form's fields (by the first segment of their path: `cuisines.0` is the
 * cuisines field) and returns the message to show above the form, or null when every problem
 * landed on a field.
 */
export function showProblem(form: FormInstance, problem: Problem, lang: Lang, unexpected: string): string | null {
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const onFields = problem.fields.filter((field) => known.has(field.path.split('.')[0] ?? ''));
  form.setFields(onFields.map((field) => ({ name: field.path.split('.')[0]!, errors: [fieldMessage(lang, field.code, field.params)] })));
  if (problem.code === 'validation_failed' && onFields.length > 0 && onFields.length === problem.fields.length) return null;
  return problemText(problem, lang, unexpected);
}

function problemText(problem: Problem, lang: Lang, unexpected: string): string {
  return problem.code === 'unexpected' ? unexpected : errorMessage(lang, problem.code, problem.details);
}

/** Turns any failed call into the message the screen shows. */
export function useProblemText() {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  return (error: unknown) => problemText(problemOf(error), lang, t('unexpected'));
}
