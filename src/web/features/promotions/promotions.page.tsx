/**
 * `/promotions` (issue 44): the truck's promotion codes and automatic promotions (a happy hour), a
 * card each with what it gives and when, its uses, and a switch; the form to make or change one.
 * Dates and times are the truck's wall clock, as the server reads them. Plain markup and native
 * fields: the dashboard shell already carries Ant Design's Button.
 */
import { WEEKDAYS, type Weekday } from '@domain/hours/weekdays';
import { dateTimeFormat, detailSeparator } from '@domain/locale';
import type { Currency } from '@domain/money/minor';
import type { Promotion, PromotionList } from '@domain/promotions';
import { formatDiscount, formatWall } from '@domain/promotions/format';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAccess, useCurrentTruck } from '../../app/current-truck';
import { useAppSelector } from '../../app/hooks';
import type { UiLang } from '../../app/lang-dir.slice';
import { NoTruck } from '../../app/no-truck';
import { PageLoading } from '../../app/page-loading';
import type { FirstReads } from '../../app/routes';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { fieldErrorsByPath, messagesUnder, type FieldErrors } from '../../ui/field-errors';
import { Loading } from '../../ui/loading';
import { NativeInput, NativeSelect } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { draftOfPromotion, newPromotionDraft, promotionInputOf, type Fulfilment, type PromotionDraft } from './promotion-draft';
import { promotionsApi, useCreatePromotionMutation, useDeletePromotionMutation, usePromotionsQuery, useUpdatePromotionMutation } from './promotions.api';
import './promotions.css';

const NO_ERRORS: FieldErrors = new Map();

/** A weekday's short name in the interface language, from Intl (1 January 2024 was a Monday). */
const weekdayName = (day: Weekday, lang: UiLang) => dateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));

function Field({ label, hint, errors, children, id }: { label: string; hint?: string; errors: string[]; children: ReactNode; id: string }) {
  return (
    <div className="td-promotions__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="td-promotions__hint">{hint}</small>}
      {errors.map((message) => (
        <small key={message} className="td-promotions__error" role="alert">
          {message}
        </small>
      ))}
    </div>
  );
}

function summaryOf(promotion: Promotion, currency: Currency, lang: UiLang, t: (key: string, values?: Record<string, unknown>) => string): string {
  const parts = [t(`summary.${promotion.discount.kind}`, { value: formatDiscount(promotion.discount, currency, lang) })];
  if (promotion.minSubtotal > 0) parts.push(t('summary.minimum', { minimum: formatDiscount({ kind: 'fixed', minor: promotion.minSubtotal }, currency, lang) }));
  if (promotion.validFrom) parts.push(t('summary.from', { from: formatWall(promotion.validFrom, lang) }));
  if (promotion.validUntil) parts.push(t('summary.until', { until: formatWall(promotion.validUntil, lang) }));
  if (promotion.window) {
    const days = promotion.window.days.map((day) => weekdayName(day, lang)).join(lang === 'ar' ? '، ' : ', ');
    parts.push(t('summary.window', { days, from: promotion.window.from, until: promotion.window.until }));
  }
  if (promotion.fulfilment !== 'both') parts.push(t(`summary.${promotion.fulfilment}`));
  if (promotion.onePerPhone) parts.push(t('summary.onePerPhone'));
  return parts.join(detailSeparator(lang));
}

function PromotionCard({ promotion, currency, canWrite, switching, onEdit, onToggle }: { promotion: Promotion; currency: Currency; canWrite: boolean; switching: boolean; onEdit(): void; onToggle(): void }) {
  const { t } = useTranslation('promotions');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  return (
    <li className={promotion.active ? 'td-promotions__card' : 'td-promotions__card td-promotions__card--off'} data-testid="promotion-card">
      <div className="td-promotions__card-head">
        <strong className="td-promotions__code" dir="auto" data-testid="promotion-code">
          {promotion.code ?? t('list.automatic')}
        </strong>
        <span className="td-promotions__name">{promotion.name}</span>
        {!promotion.active && <span className="td-promotions__badge">{t('list.inactive')}</span>}
      </div>
      <p className="td-promotions__summary" data-testid="promotion-summary">
        {summaryOf(promotion, currency, lang, t)}
      </p>
      <p className="td-promotions__uses">{promotion.maxUses === null ? t('list.uses', { uses: promotion.uses }) : t('list.usesOf', { uses: promotion.uses, max: promotion.maxUses })}</p>
      {canWrite && (
        <div className="td-promotions__actions">
          <Button size="small" onClick={onEdit} data-testid="promotion-edit">
            {t('list.edit')}
          </Button>
          <Button size="small" loading={switching} onClick={onToggle} data-testid="promotion-toggle">
            {promotion.active ? t('list.deactivate') : t('list.activate')}
          </Button>
        </div>
      )}
    </li>
  );
}

function PromotionEditor({ draft, currency, errors, problem, saving, onChange, onSave, onCancel, onDelete }: {
  draft: PromotionDraft;
  currency: Currency;
  errors: FieldErrors;
  problem: string | null;
  saving: boolean;
  onChange(next: PromotionDraft): void;
  onSave(): void;
  onCancel(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('promotions');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof PromotionDraft>(key: K, value: PromotionDraft[K]) => onChange({ ...draft, [key]: value });
  const under = (path: string) => messagesUnder(errors, path);
  const toggleDay = (day: Weekday) => set('days', draft.days.includes(day) ? draft.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || draft.days.includes(d)));
  const fulfilments: { value: Fulfilment; label: string }[] = [
    { value: 'both', label: t('editor.both') },
    { value: 'pickup', label: t('editor.pickup') },
    { value: 'delivery', label: t('editor.delivery') },
  ];
  return (
    <form
      className="td-promotions__editor"
      aria-label={draft.id ? t('editor.titleEdit') : t('editor.titleNew')}
      data-testid="promotion-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <h2>{draft.id ? t('editor.titleEdit') : t('editor.titleNew')}</h2>
      <label className="td-promotions__check">
        <input type="checkbox" checked={draft.automatic} onChange={(event) => set('automatic', event.target.checked)} data-testid="promotion-automatic" />
        {t('editor.automatic')}
      </label>
      {!draft.automatic && (
        <Field id="promotion-code" label={t('editor.code')} hint={t('editor.codeHint')} errors={under('code')}>
          <NativeInput id="promotion-code" dir="auto" autoComplete="off" value={draft.code} invalid={under('code').length > 0} onChange={(event) => set('code', event.target.value)} testId="promotion-code-input" />
        </Field>
      )}
      <Field id="promotion-name" label={t('editor.name')} hint={t('editor.nameHint')} errors={under('name')}>
        <NativeInput id="promotion-name" value={draft.name} invalid={under('name').length > 0} onChange={(event) => set('name', event.target.value)} testId="promotion-name-input" />
      </Field>
      <div className="td-promotions__row">
        <Field id="promotion-kind" label={t('editor.kind')} errors={[]}>
          <NativeSelect
            aria-label={t('editor.kind')}
            value={draft.kind}
            options={[
              { value: 'percent', label: t('editor.kindPercent') },
              { value: 'fixed', label: t('editor.kindFixed') },
            ]}
            onChange={(kind) => set('kind', kind)}
            testId="promotion-kind"
          />
        </Field>
        <Field id="promotion-value" label={draft.kind === 'percent' ? t('editor.percent') : t('editor.amount')} errors={under('discount')}>
          <NativeInput
            id="promotion-value"
            inputMode="decimal"
            dir="ltr"
            value={draft.value}
            suffix={draft.kind === 'percent' ? '%' : currency}
            invalid={under('discount').length > 0}
            onChange={(event) => set('value', event.target.value)}
            testId="promotion-value"
          />
        </Field>
      </div>
      <Field id="promotion-minimum" label={t('editor.minSubtotal')} errors={under('minSubtotal')}>
        <NativeInput id="promotion-minimum" inputMode="decimal" dir="ltr" value={draft.minSubtotal} suffix={currency} invalid={under('minSubtotal').length > 0} onChange={(event) => set('minSubtotal', event.target.value)} testId="promotion-minimum" />
      </Field>
      <div className="td-promotions__row">
        <Field id="promotion-from" label={t('editor.validFrom')} errors={under('validFrom')}>
          <NativeInput id="promotion-from" type="datetime-local" value={draft.validFrom} invalid={under('validFrom').length > 0} onChange={(event) => set('validFrom', event.target.value.slice(0, 16))} testId="promotion-from" />
        </Field>
        <Field id="promotion-until" label={t('editor.validUntil')} errors={under('validUntil')}>
          <NativeInput id="promotion-until" type="datetime-local" value={draft.validUntil} invalid={under('validUntil').length > 0} onChange={(event) => set('validUntil', event.target.value.slice(0, 16))} testId="promotion-until" />
        </Field>
      </div>
      <small className="td-promotions__hint">{t('editor.datesHint')}</small>
      <label className="td-promotions__check">
        <input type="checkbox" checked={draft.windowOn} onChange={(event) => set('windowOn', event.target.checked)} data-testid="promotion-window" />
        {t('editor.windowOn')}
      </label>
      {draft.windowOn && (
        <fieldset className="td-promotions__window">
          <legend>{t('editor.days')}</legend>
          <div className="td-promotions__days">
            {WEEKDAYS.map((day) => (
              <label key={day} className="td-promotions__check">
                <input type="checkbox" checked={draft.days.includes(day)} onChange={() => toggleDay(day)} />
                {weekdayName(day, lang)}
              </label>
            ))}
          </div>
          {messagesUnder(errors, 'window.days').map((message) => (
            <small key={message} className="td-promotions__error" role="alert">
              {message}
            </small>
          ))}
          <div className="td-promotions__row">
            <Field id="promotion-window-from" label={t('editor.windowFrom')} errors={under('window.from')}>
              <NativeInput id="promotion-window-from" type="time" value={draft.windowFrom} onChange={(event) => set('windowFrom', event.target.value.slice(0, 5))} testId="promotion-window-from" />
            </Field>
            <Field id="promotion-window-until" label={t('editor.windowUntil')} errors={under('window.until')}>
              <NativeInput id="promotion-window-until" type="time" value={draft.windowUntil} onChange={(event) => set('windowUntil', event.target.value.slice(0, 5))} testId="promotion-window-until" />
            </Field>
          </div>
        </fieldset>
      )}
      <Field id="promotion-fulfilment" label={t('editor.fulfilment')} errors={under('fulfilment')}>
        <NativeSelect aria-label={t('editor.fulfilment')} value={draft.fulfilment} options={fulfilments} onChange={(value) => set('fulfilment', value)} testId="promotion-fulfilment" />
      </Field>
      <Field id="promotion-max-uses" label={t('editor.maxUses')} hint={t('editor.maxUsesHint')} errors={under('maxUses')}>
        <NativeInput id="promotion-max-uses" inputMode="numeric" dir="ltr" value={draft.maxUses} invalid={under('maxUses').length > 0} onChange={(event) => set('maxUses', event.target.value)} testId="promotion-max-uses" />
      </Field>
      <label className="td-promotions__check">
        <input type="checkbox" checked={draft.onePerPhone} onChange={(event) => set('onePerPhone', event.target.checked)} data-testid="promotion-one-per-phone" />
        {t('editor.onePerPhone')}
      </label>
      <label className="td-promotions__check">
        <input type="checkbox" checked={draft.active} onChange={(event) => set('active', event.target.checked)} data-testid="promotion-active" />
        {t('editor.active')}
      </label>
      {problem && (
        <Notice kind="error" testId="promotion-problem">
          {problem}
        </Notice>
      )}
      <div className="td-promotions__actions">
        <Button type="primary" htmlType="submit" loading={saving} data-testid="promotion-save">
          {t('editor.save')}
        </Button>
        <Button onClick={onCancel}>{t('editor.cancel')}</Button>
        {draft.id && !confirming && (
          <Button danger onClick={() => setConfirming(true)} data-testid="promotion-delete">
            {t('editor.delete')}
          </Button>
        )}
      </div>
      {confirming && (
        <div className="td-promotions__confirm" role="alertdialog" aria-label={t('editor.confirmDelete')}>
          <p>{t('editor.confirmDelete')}</p>
          <div className="td-promotions__actions">
            <Button danger type="primary" onClick={onDelete} data-testid="promotion-delete-confirm">
              {t('editor.delete')}
            </Button>
            <Button onClick={() => setConfirming(false)}>{t('editor.cancel')}</Button>
          </div>
        </div>
      )}
    </form>
  );
}

function PromotionsWorkspace({ truckId, list, canWrite }: { truckId: string; list: PromotionList; canWrite: boolean }) {
  const { t } = useTranslation('promotions');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const currency = list.currency as Currency;
  const [draft, setDraft] = useState<PromotionDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [problem, setProblem] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [createPromotion, creating] = useCreatePromotionMutation();
  const [updatePromotion, updating] = useUpdatePromotionMutation();
  const [deletePromotion] = useDeletePromotionMutation();

  const open = (next: PromotionDraft | null) => {
    setDraft(next);
    setErrors(NO_ERRORS);
    setProblem(null);
  };
  const fail = (error: unknown) => {
    const found = problemOf(error);
    setErrors(fieldErrorsByPath(found.fields, lang));
    setProblem(found.code === 'validation_failed' && found.fields.length > 0 ? t('editor.fixHighlighted') : problemMessage(found, lang, t('unexpected')));
  };
  const save = async () => {
    if (!draft) return;
    const { input, problems } = promotionInputOf(draft, currency);
    if (!input) {
      setErrors(fieldErrorsByPath(problems, lang));
      setProblem(t('editor.fixHighlighted'));
      return;
    }
    try {
      if (draft.id) await updatePromotion({ truckId, promotionId: draft.id, promotion: { ...input, version: draft.version } }).unwrap();
      else await createPromotion({ truckId, promotion: input }).unwrap();
      notify.success('promotions:editor.saved');
      open(null);
    } catch (error) {
      fail(error);
    }
  };
  const remove = async () => {
    if (!draft?.id) return;
    try {
      await deletePromotion({ truckId, promotionId: draft.id }).unwrap();
      notify.success('promotions:editor.deleted');
      open(null);
    } catch (error) {
      fail(error);
    }
  };
  const toggle = async (promotion: Promotion) => {
    setSwitching(promotion.id);
    try {
      const { id: _id, uses: _uses, version, ...fields } = promotion;
      await updatePromotion({ truckId, promotionId: promotion.id, promotion: { ...fields, active: !promotion.active, version } }).unwrap();
    } catch {
      notify.error('promotions:list.switchFailed');
    } finally {
      setSwitching(null);
    }
  };

  return (
    <div className="td-promotions">
      <p className="td-promotions__intro">{t('intro', { timeZone: list.timeZone })}</p>
      {draft ? (
        <PromotionEditor
          draft={draft}
          currency={currency}
          errors={errors}
          problem={problem}
          saving={creating.isLoading || updating.isLoading}
          onChange={(next) => {
            setDraft(next);
            setProblem(null);
          }}
          onSave={() => void save()}
          onCancel={() => open(null)}
          onDelete={() => void remove()}
        />
      ) : (
        canWrite && (
          <div className="td-promotions__actions">
            <Button type="primary" onClick={() => open(newPromotionDraft())} data-testid="new-promotion">
              {t('new')}
            </Button>
          </div>
        )
      )}
      <section aria-label={t('list.title')}>
        <h2>{t('list.title')}</h2>
        {list.promotions.length === 0 ? (
          <p data-testid="promotions-empty">{t('empty')}</p>
        ) : (
          <ul className="td-promotions__list">
            {list.promotions.map((promotion) => (
              <PromotionCard
                key={promotion.id}
                promotion={promotion}
                currency={currency}
                canWrite={canWrite && !draft}
                switching={switching === promotion.id}
                onEdit={() => open(draftOfPromotion(promotion, currency))}
                onToggle={() => void toggle(promotion)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PromotionsScreen({ truckId }: { truckId: string }) {
  const { t } = useTranslation('promotions');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const canWrite = useCanAccess('/promotions', 'write');
  const { data, error } = usePromotionsQuery(truckId);
  if (error) return <Notice kind="error">{problemMessage(problemOf(error), lang, t('unexpected'))}</Notice>;
  if (!data) return <PageLoading />;
  return <PromotionsWorkspace truckId={truckId} list={data} canWrite={canWrite} />;
}

export const firstReads: FirstReads = (dispatch, truckId) => (truckId === null ? [] : [dispatch(promotionsApi.endpoints.promotions.initiate(truckId, { subscribe: false }))]);

export function Component() {
  const { t } = useTranslation('promotions');
  const { truckId, loaded } = useCurrentTruck();
  if (!loaded) return <Loading />;
  if (!truckId) return <NoTruck purpose={t('noTruck')} />;
  return <PromotionsScreen key={truckId} truckId={truckId} />;
}
