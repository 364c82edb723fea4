/**
 * The truck forms on the shared form helpers (src/web/ui/form-problems): drafts may leave fields
 * empty (an empty list too) until submission requires them, and a field error lands on the field
 * named by the first segment of its path (`cuisines.0` is the cuisines field), shown or not.
 */
import type { Lang } from '@domain/errors';
import type * as TruckContracts from '@domain/trucks';
import type { FormInstance, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { problemMessage, problemOf, type ApiProblem } from '../../ui/api-problem';
import { contractRule, showFormProblem } from '../../ui/form-problems';
import { useLang } from './truck-name';

const isUnset = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The contracts with zod load when a field is first checked, not with the form (decision 015). */
export const contracts = () => import('@domain/trucks');

/**
 * A field's rule from the contract `pick` names; `required` adds the check submission makes (drafts
 * may leave it empty).
 */
export function zodRule(pick: (contracts: typeof TruckContracts) => z.ZodType, lang: Lang, required = false): FormRule {
  return contractRule(() => contracts().then(pick), lang, { required, isEmpty: isUnset });
}

/** Puts field errors on the form and returns the message to show above it, or null when every one landed on a field. */
export function showProblem(form: FormInstance, problem: ApiProblem, lang: Lang, unexpected: string): string | null {
  return showFormProblem(form, problem, lang, unexpected, { fieldOf: (path) => path.split('.')[0] ?? '', includeUnmounted: true });
}

/** Turns any failed call into the message the screen shows. */
export function useProblemText() {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  return (error: unknown) => problemMessage(problemOf(error), lang, t('unexpected'));
}
