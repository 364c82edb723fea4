/**
 * The account forms on the shared form helpers (src/web/ui/form-problems): a blank field (empty or
 * only spaces) is `required` unless optional, and field errors land on the field named by their path.
 */
import type * as AccountContracts from '@domain/accounts';
import type { Lang } from '@domain/errors';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { problemOf } from '../../ui/api-problem';
import { contractRule, showFormProblem } from '../../ui/form-problems';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The contracts with zod load when a field is first checked, not with the form (decision 015). */
const contracts = () => import('@domain/accounts');

/** An empty field is `required` unless the rule is optional; anything else must pass the schema `pick` names. */
export function zodRule(pick: (contracts: typeof AccountContracts) => z.ZodType, lang: Lang, options: { optional?: boolean } = {}): FormRule {
  return contractRule(() => contracts().then(pick), lang, { required: !options.optional, isEmpty: isBlank });
}

/** The message above a form: `report(error)` after a failed call, `clear()` before the next one. */
export function useFormProblem(form: FormInstance) {
  const { t } = useTranslation('accounts');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback(
    (error: unknown) => setMessage(showFormProblem(form, problemOf(error), lang, t('unexpected'))),
    [form, lang, t],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear, lang };
}
