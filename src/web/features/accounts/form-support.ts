/**
 * Forms and the shared contracts: zod schemas from src/domain as Ant Design rules, and the API's
 * error codes turned into messages (field errors onto their fields, the rest as one message).
 * Messages come from the domain catalogue by code: the client never shows server text.
 */
import type { Lang } from '@domain/errors';
import { errorMessage, fieldMessage } from '@domain/i18n/error-messages';
import { issuesToFields } from '@domain/validation';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppSelector } from '../../app/hooks';

/** An empty field is `required` unless the rule is optional; anything else must pass the schema. */
export function zodRule(schema: z.ZodType, lang: Lang, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        if (options.optional) return;
        throw new Error(fieldMessage(lang, 'required'));
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
 * Puts field errors on the form's fields and returns the message to show above the form, or null
 * when every problem landed on a field.
 */
export function showProblem(form: FormInstance, problem: Problem, lang: Lang, unexpected: string): string | null {
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const onFields = problem.fields.filter((field) => known.has(field.path));
  form.setFields(onFields.map((field) => ({ name: field.path, errors: [fieldMessage(lang, field.code, field.params)] })));
  if (problem.code === 'validation_failed' && onFields.length > 0 && onFields.length === problem.fields.length) return null;
  return problem.code === 'unexpected' ? unexpected : errorMessage(lang, problem.code, problem.details);
}

/** The message above a form: `report(error)` after a failed call, `clear()` before the next one. */
export function useFormProblem(form: FormInstance) {
  const { t } = useTranslation('accounts');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback(
    (error: unknown) => setMessage(showProblem(form, problemOf(error), lang, t('unexpected'))),
    [form, lang, t],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear, lang };
}
