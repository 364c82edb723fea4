/**
 * Ant Design forms and the shared contracts: a zod schema from src/domain as a field's rule, and a
 * failed call's field errors put onto the form's fields (the rest worded as one message above it).
 * Messages come from the domain catalogue by code: the client never shows server text. What counts
 * as empty, and which form field a problem's path names, are each form's own choice.
 */
import type { Lang } from '@domain/errors';
import { fieldMessage, issuesToFields } from './messages';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { problemMessage, type ApiProblem } from './api-problem';

export interface ContractRuleOptions {
  /** Whether an empty value fails as `required`; when not, an empty value passes unchecked. */
  required: boolean;
  /** What counts as empty on this form. */
  isEmpty: (value: unknown) => boolean;
}

/**
 * The schema a field is checked against, or a loader for it. A form screen that loads its contracts
 * (and zod with them, 23 KiB) only when a field is first checked opens without them (decision 015).
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * A field's rule from its contract: an empty value is `required` or passes; anything else must pass
 * the schema. If a loaded schema cannot be fetched (the signal dropped), the value passes here: the
 * server checks the same contract when the form is sent.
 */
export function contractRule(source: SchemaSource, lang: Lang, { required, isEmpty }: ContractRuleOptions): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) {
        if (required) throw new Error(fieldMessage(lang, 'required'));
        return;
      }
      const schema = typeof source === 'function' ? await source().catch(() => null) : source;
      if (schema === null) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issuesToFields(result.error.issues, lang)[0]?.message);
    },
  };
}

export interface FieldPlacement {
  /** The form field a problem's path belongs to; by default the path itself. */
  fieldOf?: (path: string) => string;
  /** Whether fields the form holds values for but does not show count as known (`getFieldsValue(true)`). */
  includeUnmounted?: boolean;
}

/**
 * Puts field errors on the form's fields and returns the message to show above the form, or null
 * when every problem landed on a field. `unexpected` is the caller's catalogue wording for failures
 * without an API code.
 */
export function showFormProblem(
  form: FormInstance,
  problem: ApiProblem,
  lang: Lang,
  unexpected: string,
  { fieldOf = (path) => path, includeUnmounted = false }: FieldPlacement = {},
): string | null {
  const values: object = includeUnmounted ? form.getFieldsValue(true) : form.getFieldsValue();
  const known = new Set(Object.keys(values));
  const onFields = problem.fields.filter((field) => known.has(fieldOf(field.path)));
  form.setFields(onFields.map((field) => ({ name: fieldOf(field.path), errors: [fieldMessage(lang, field.code, field.params)] })));
  if (problem.code === 'validation_failed' && onFields.length > 0 && onFields.length === problem.fields.length) return null;
  return problemMessage(problem, lang, unexpected);
}
