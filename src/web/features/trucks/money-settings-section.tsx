/**
 * The Tax and tips section of /truck-info, for the truck's owner (PUT /money-settings needs
 * truck.edit; staff cannot open /truck-info, Admins do not read a truck's money settings): no tax or a
 * rate (typed as a percentage, sent in basis points), prices with or without it, the delivery fee
 * taxed or not, the country and registration number (its form checked with taxNumberProblem before
 * anything is sent), tips on or off, up to six tip buttons and the tip limit. A first visit suggests
 * the country of the truck's currency and its usual VAT rate. What the server refuses shows on the
 * field it names, in the interface language. Native fields and the zod-free rules (tax-rules.ts): the
 * contract itself (and zod with it) loads only when the owner saves.
 */
import { formatPercent } from '@domain/money/minor';
import type { MoneySettings } from '@domain/money/settings';
import {
  basisPointsToPercent,
  countryOfCurrency,
  normalizeTaxNumber,
  percentToBasisPoints,
  TAX_COUNTRIES,
  taxNumberProblem,
  TIP_PRESETS_MAX,
  USUAL_VAT_BP,
  type TaxCountry,
  type TaxMode,
} from '@domain/money/tax-rules';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/use-format';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { RadioChips } from '../../ui/chips';
import { fieldMessage, issuesToFields } from '../../ui/messages';
import { NativeInput, NativeSelect } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { Panel } from '../../ui/panel';
import { addMoneySettingsStrings, MONEY_SETTINGS_NS } from './money-settings-strings';
import { useGetMoneySettingsQuery, usePutMoneySettingsMutation } from './trucks.api';

interface Draft {
  taxMode: TaxMode;
  rate: string;
  pricesIncludeTax: boolean;
  deliveryFeeTaxed: boolean;
  taxCountry: TaxCountry;
  number: string;
  tipsEnabled: boolean;
  presets: string[];
  cap: string;
}

/** A field's problem by the contract's path: `taxRateBp`, `tipPresetsBp.2`, …; `form` for the rest. */
type Problems = Record<string, string>;

function draftOf(settings: MoneySettings, currency: string): Draft {
  const taxCountry = settings.taxCountry ?? countryOfCurrency(currency);
  const rateBp = settings.taxMode === 'rate' ? settings.taxRateBp : (USUAL_VAT_BP[taxCountry] ?? 0);
  return {
    taxMode: settings.taxMode,
    rate: basisPointsToPercent(rateBp),
    pricesIncludeTax: settings.pricesIncludeTax,
    deliveryFeeTaxed: settings.deliveryFeeTaxed,
    taxCountry,
    number: settings.taxRegistrationNumber ?? '',
    tipsEnabled: settings.tipsEnabled,
    presets: settings.tipPresetsBp.map(basisPointsToPercent),
    cap: basisPointsToPercent(settings.tipCapBp),
  };
}

const FIELDS = new Set(['taxRateBp', 'taxCountry', 'taxRegistrationNumber', 'tipCapBp']);
const fieldOfPath = (path: string) => (FIELDS.has(path) || /^tipPresetsBp\.\d+$/.test(path) ? path : path.startsWith('tipPresetsBp') ? 'tipPresetsBp' : 'form');

function MoneySettingsForm({ truckId, currency, settings }: { truckId: string; currency: string; settings: MoneySettings }) {
  const { t } = useTranslation(MONEY_SETTINGS_NS);
  const { lang } = useFormat();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings, currency));
  const [problems, setProblems] = useState<Problems>({});
  const [checking, setChecking] = useState(false);
  const [save, { isLoading }] = usePutMoneySettingsMutation();

  const change = (patch: Partial<Draft>) => {
    setProblems({});
    setDraft((current) => ({ ...current, ...patch }));
  };
  const changeCountry = (taxCountry: TaxCountry) => {
    // A rate nobody set (empty, 0, or still the old country's usual one) follows the new country's.
    const typed = percentToBasisPoints(draft.rate);
    const follows = typed === null || typed === 0 || typed === USUAL_VAT_BP[draft.taxCountry];
    const usual = USUAL_VAT_BP[taxCountry];
    change({ taxCountry, ...(follows && usual !== undefined ? { rate: basisPointsToPercent(usual) } : {}) });
  };

  /** The draft as the contract's settings, or the problems of what is not a number / not in its country's form. */
  function settingsOf(): { settings: MoneySettings } | { problems: Problems } {
    const found: Problems = {};
    const percent = (text: string, path: string) => {
      const bp = percentToBasisPoints(text);
      if (bp === null) found[path] = fieldMessage(lang, text.trim() === '' ? 'required' : 'invalid_number');
      return bp ?? 0;
    };
    const taxRateBp = draft.taxMode === 'rate' ? percent(draft.rate, 'taxRateBp') : 0;
    const tipCapBp = percent(draft.cap, 'tipCapBp');
    const tipPresetsBp = draft.presets.map((text, index) => percent(text, `tipPresetsBp.${index}`));
    const number = normalizeTaxNumber(draft.number);
    const numberProblem = number === '' ? null : taxNumberProblem(draft.taxCountry, number);
    if (numberProblem) found.taxRegistrationNumber = fieldMessage(lang, numberProblem);
    if (Object.keys(found).length > 0) return { problems: found };
    return {
      settings: {
        taxMode: draft.taxMode,
        taxRateBp,
        pricesIncludeTax: draft.pricesIncludeTax,
        deliveryFeeTaxed: draft.deliveryFeeTaxed,
        taxCountry: draft.taxCountry,
        taxRegistrationNumber: number === '' ? null : number,
        tipsEnabled: draft.tipsEnabled,
        tipPresetsBp,
        tipCapBp,
      },
    };
  }

  const placed = (fields: { path: string; message: string }[]): Problems => {
    const found: Problems = {};
    for (const field of fields) found[fieldOfPath(field.path)] ??= field.message;
    return found;
  };

  async function submit() {
    const result = settingsOf();
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setChecking(true);
    // The contract (and zod) load on the first save: the rest of its rules (at most 100 %, no tip button twice or
    // above the limit). Should it not load (the signal dropped), the server checks the same contract.
    const contract = await import('@domain/money/settings').catch(() => null);
    setChecking(false);
    const checked = contract?.MoneySettingsSchema.safeParse(result.settings);
    if (checked && !checked.success) {
      setProblems(placed(issuesToFields(checked.error.issues, lang)));
      return;
    }
    try {
      const saved = await save({ truckId, body: result.settings }).unwrap();
      setDraft(draftOf(saved, currency));
      notify.success(`${MONEY_SETTINGS_NS}:saved`);
    } catch (error) {
      const problem = problemOf(error);
      const onFields = placed(problem.fields.map((field) => ({ path: field.path, message: fieldMessage(lang, field.code, field.params) })));
      if (problem.fields.length === 0 || onFields.form) onFields.form = problemMessage(problem, lang, t('failed'));
      setProblems(onFields);
    }
  }

  const error = (path: string) =>
    problems[path] ? (
      <span className="td-money__error" id={`money-${path.replace(/\./g, '-')}-error`} data-testid={`money-error-${path}`}>
        {problems[path]}
      </span>
    ) : null;
  const invalid = (path: string) => ({ invalid: Boolean(problems[path]), 'aria-describedby': problems[path] ? `money-${path.replace(/\./g, '-')}-error` : undefined });
  const usual = USUAL_VAT_BP[draft.taxCountry];

  return (
    <form
      className="td-money"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="money-settings-form"
    >
      {problems.form && (
        <Notice kind="error" testId="money-settings-problem">
          {problems.form}
        </Notice>
      )}
      <div className="td-money__field">
        <span>{t('taxMode')}</span>
        <RadioChips<TaxMode>
          name="money-tax-mode"
          label={t('taxMode')}
          value={draft.taxMode}
          onChange={(taxMode) => change({ taxMode })}
          options={(['none', 'rate'] as const).map((value) => ({ value, label: t(`modes.${value}`) }))}
          testId="money-tax-mode"
        />
      </div>
      <div className="td-money__grid">
        <label className="td-money__field">
          {t('country')}
          <NativeSelect<TaxCountry>
            value={draft.taxCountry}
            onChange={changeCountry}
            options={TAX_COUNTRIES.map((value) => ({ value, label: t(`countries.${value}`) }))}
            testId="money-country"
          />
        </label>
        {draft.taxMode === 'rate' && (
          <div className="td-money__field">
            <label htmlFor="money-rate">{t('rate')}</label>
            <NativeInput id="money-rate" inputMode="decimal" dir="ltr" suffix="%" value={draft.rate} onChange={(event) => change({ rate: event.target.value })} testId="money-rate" {...invalid('taxRateBp')} />
            {error('taxRateBp') ??
              (usual !== undefined && <span className="td-money__hint">{t('rateHint', { country: t(`countries.${draft.taxCountry}`), rate: formatPercent(usual, lang) })}</span>)}
          </div>
        )}
        <div className="td-money__field">
          <label htmlFor="money-number">{t('number')}</label>
          <NativeInput id="money-number" dir="ltr" autoComplete="off" maxLength={40} value={draft.number} onChange={(event) => change({ number: event.target.value })} testId="money-number" {...invalid('taxRegistrationNumber')} />
          {error('taxRegistrationNumber') ?? <span className="td-money__hint">{t('numberHint')}</span>}
        </div>
      </div>
      {draft.taxMode === 'rate' && (
        <div className="td-money__checks">
          <label className="td-money__check">
            <input type="checkbox" checked={draft.pricesIncludeTax} onChange={(event) => change({ pricesIncludeTax: event.target.checked })} data-testid="money-inclusive" />
            <span>
              {t('pricesIncludeTax')}
              <span className="td-money__hint">{t('pricesIncludeTaxHint')}</span>
            </span>
          </label>
          <label className="td-money__check">
            <input type="checkbox" checked={draft.deliveryFeeTaxed} onChange={(event) => change({ deliveryFeeTaxed: event.target.checked })} data-testid="money-delivery-taxed" />
            <span>{t('deliveryFeeTaxed')}</span>
          </label>
        </div>
      )}
      <label className="td-money__check">
        <input type="checkbox" checked={draft.tipsEnabled} onChange={(event) => change({ tipsEnabled: event.target.checked })} data-testid="money-tips" />
        <span>
          {t('tipsEnabled')}
          <span className="td-money__hint">{t('tipsHint')}</span>
        </span>
      </label>
      <fieldset className="td-money__presets" aria-describedby="money-presets-hint">
        <legend>{t('presets')}</legend>
        <span className="td-money__hint" id="money-presets-hint">
          {t('presetsHint', { max: TIP_PRESETS_MAX })}
        </span>
        {error('tipPresetsBp')}
        <ul className="td-money__preset-list">
          {draft.presets.map((text, index) => (
            <li key={index} className="td-money__preset">
              <NativeInput
                aria-label={t('preset', { n: index + 1 })}
                inputMode="decimal"
                dir="ltr"
                suffix="%"
                value={text}
                onChange={(event) => change({ presets: draft.presets.map((other, i) => (i === index ? event.target.value : other)) })}
                testId={`money-preset-${index}`}
                {...invalid(`tipPresetsBp.${index}`)}
              />
              <Button aria-label={t('removePreset', { n: index + 1 })} onClick={() => change({ presets: draft.presets.filter((_, i) => i !== index) })}>
                ×
              </Button>
              {error(`tipPresetsBp.${index}`)}
            </li>
          ))}
        </ul>
        {draft.presets.length < TIP_PRESETS_MAX && (
          <Button onClick={() => change({ presets: [...draft.presets, ''] })} data-testid="money-add-preset">
            {t('addPreset')}
          </Button>
        )}
      </fieldset>
      <div className="td-money__field td-money__cap">
        <label htmlFor="money-cap">{t('cap')}</label>
        <NativeInput id="money-cap" inputMode="decimal" dir="ltr" suffix="%" value={draft.cap} onChange={(event) => change({ cap: event.target.value })} testId="money-cap" {...invalid('tipCapBp')} />
        {error('tipCapBp') ?? <span className="td-money__hint">{t('capHint')}</span>}
      </div>
      <div>
        <Button type="primary" htmlType="submit" loading={isLoading || checking} data-testid="money-save">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

export default function MoneySettingsSection({ truckId, currency }: { truckId: string; currency: string }) {
  // Before the first t(): the section's words join the loaded language (a no-op once they have).
  addMoneySettingsStrings();
  const { t } = useTranslation(MONEY_SETTINGS_NS);
  const { data, isError } = useGetMoneySettingsQuery(truckId);
  return (
    <Panel title={t('title')} testId="money-settings">
      <p className="td-muted">{t('intro')}</p>
      {isError ? <Notice kind="error">{t('loadFailed')}</Notice> : data ? <MoneySettingsForm key={truckId} truckId={truckId} currency={currency} settings={data} /> : <Skeleton active />}
    </Panel>
  );
}
