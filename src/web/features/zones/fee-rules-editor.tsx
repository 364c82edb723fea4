/**
 * Fee rules, tried top to bottom; the first that fits the order's subtotal names the fee, or says
 * there is no delivery. Amounts are typed in the truck's currency.
 */
import type { Currency } from '@domain/money';
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { messagesUnder, type FieldErrors } from '../../ui/field-errors';
import { NativeInput, NativeSelect } from '../../ui/native-fields';
import { feeRuleDraft, type FeeRuleDraft } from './zone-draft';

export interface FeeRulesEditorProps {
  rules: FeeRuleDraft[];
  currency: Currency;
  errors: FieldErrors;
  onChange(rules: FeeRuleDraft[]): void;
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function FeeRulesEditor({ rules, currency, errors, onChange }: FeeRulesEditorProps) {
  const { t } = useTranslation('zones');
  const replace = (index: number, rule: FeeRuleDraft) => onChange(rules.map((r, i) => (i === index ? rule : r)));
  const listErrors = errors.get('feeRules') ?? [];

  return (
    <fieldset className="td-fee-rules">
      <legend>{t('fees.title')}</legend>
      <p className="td-zones__hint">{t('fees.intro')}</p>
      <ol className="td-fee-rules__list">
        {rules.map((rule, index) => {
          const ruleErrors = messagesUnder(errors, `feeRules.${index}`);
          return (
            <li key={rule.key} className="td-fee-rule" data-testid={`fee-rule-${index}`}>
              <div className="td-fee-rule__fields">
                <NativeSelect
                  className="td-fee-rule__when"
                  value={rule.when}
                  onChange={(when) => replace(index, { ...rule, when })}
                  aria-label={t('fees.when')}
                  testId={`fee-rule-${index}-when`}
                  options={[
                    { value: 'all', label: t('fees.whenAll') },
                    { value: 'above', label: t('fees.whenAbove') },
                    { value: 'below', label: t('fees.whenBelow') },
                  ]}
                />
                {rule.when !== 'all' && (
                  <NativeInput
                    className="td-money-input"
                    inputMode="decimal"
                    dir="ltr"
                    value={rule.subtotal}
                    onChange={(event) => replace(index, { ...rule, subtotal: event.target.value })}
                    suffix={currency}
                    aria-label={t('fees.subtotal')}
                    testId={`fee-rule-${index}-subtotal`}
                  />
                )}
                <span aria-hidden="true">→</span>
                {!rule.noDelivery && (
                  <NativeInput
                    className="td-money-input"
                    inputMode="decimal"
                    dir="ltr"
                    value={rule.fee}
                    onChange={(event) => replace(index, { ...rule, fee: event.target.value })}
                    suffix={currency}
                    aria-label={t('fees.fee')}
                    testId={`fee-rule-${index}-fee`}
                  />
                )}
                <Checkbox checked={rule.noDelivery} onChange={(event) => replace(index, { ...rule, noDelivery: event.target.checked })}>
                  {t('fees.noDelivery')}
                </Checkbox>
              </div>
              <div className="td-fee-rule__actions">
                <Button size="small" type="text" disabled={index === 0} onClick={() => onChange(moved(rules, index, index - 1))} aria-label={t('fees.moveUp')}>
                  ↑
                </Button>
                <Button size="small" type="text" disabled={index === rules.length - 1} onClick={() => onChange(moved(rules, index, index + 1))} aria-label={t('fees.moveDown')}>
                  ↓
                </Button>
                <Button size="small" type="link" disabled={rules.length === 1} onClick={() => onChange(rules.filter((_, i) => i !== index))}>
                  {t('fees.remove')}
                </Button>
              </div>
              {ruleErrors.length > 0 && (
                <ul className="td-field-errors" role="alert">
                  {ruleErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {listErrors.map((message) => (
        <p key={message} className="td-field-errors" role="alert">
          {message}
        </p>
      ))}
      <Button size="small" onClick={() => onChange([...rules, feeRuleDraft({ when: 'above' }, currency)])}>
        {t('fees.add')}
      </Button>
    </fieldset>
  );
}
