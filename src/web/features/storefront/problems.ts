/**
 * The API's refusals in the page's words, each naming the field it is about ("Phone: …"), so a
 * mistyped number never reads as the truck turning the order down.
 */
import type { ApiProblem, FieldProblem } from './storefront.api';
import type { Translate } from './i18n';

/** A form's field paths (as the API names them) and the catalogue keys of their labels. */
export type FieldLabels = Readonly<Record<string, string>>;

export const fieldsOf = (problem: ApiProblem): FieldProblem[] => (problem.fields.length > 0 ? problem.fields : [{ path: '', code: problem.code }]);

export function problemText(field: FieldProblem, labels: FieldLabels, t: Translate): string {
  const params = Object.fromEntries(Object.entries(field.params ?? {}).map(([key, value]) => [key, String(value)]));
  // The server names the number a group's rule counts min or max; it picks the sentence's plural form.
  const count = field.code === 'option_group_too_few' ? field.params?.min : field.code === 'option_group_too_many' ? field.params?.max : undefined;
  const text = t(`errors.${field.code}`, typeof count === 'number' ? { ...params, count } : params);
  const label = labels[field.path];
  if (!label) return text === `errors.${field.code}` ? t('errors.unknown') : text;
  return t('errors.inField', { field: t(label), problem: text === `errors.${field.code}` ? t('errors.invalid') : text });
}

/** Input the server refused is the customer's to correct; anything else is the truck's answer. */
export const isInputProblem = (problem: ApiProblem) => problem.code === 'validation_failed';
