/**
 * `/operating-hours`: the weekly shifts (any number a day, past midnight too, each with an optional
 * parking spot), copying a day to others, date exceptions, the truck's time zone, the pause, and a
 * live "open now / next opening" preview of what is being edited. The draft is checked by the same
 * contract as the server, so a clash between shifts is named before saving.
 */
import type { Hours, Schedule } from '@domain/hours';
import { WEEKDAYS, type Weekday } from '@domain/hours/weekdays';
import { Button, ConfigProvider } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Temporal } from 'temporal-polyfill';
import { useCanAccess, useCurrentTruck, usePublicPagePath } from '../../app/current-truck';
import { NoTruck } from '../../app/no-truck';
import { useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { fieldErrorsByPath, type FieldErrors } from '../../ui/field-errors';
import { Notice } from '../../ui/notice';
import { onFirstUse } from '../../ui/on-first-use';
import { notify } from '../../ui/notify';
import { Panel } from '../../ui/panel';
import { sentenceWithValue, VALUE_SLOT } from '../../ui/sentence-value';
import { useNow } from '../../ui/use-now';
import { DayShifts } from './day-shifts';
import { ExceptionsCard } from './exceptions-card';
import { checkDraft, copiesOf, copyDay, draftOf, loadHoursContract, sameUpdate, savedCheck, updateOf, type CheckedDraft, type HoursDraft } from './hours-draft';
import { useHoursQuery, useSaveHoursMutation } from './hours.api';
import { previewAt } from './open-preview';
import { PauseCard } from './pause-card';
import { TimeZoneSelect } from './time-zone-select';
import './hours.css';
import { PageLoading } from '../../app/page-loading';
import { Loading } from '../../ui/loading';

const StopsWeekCard = lazy(() => import('./stops-week-card'));

/** The week as customers see it, its feed and widget: loaded when asked for, so the screen keeps its weight. */
function PublicWeek({ truckId, publicPath }: { truckId: string; publicPath: string | null }) {
  const { t } = useTranslation('hours');
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <Suspense fallback={<Loading />}>
        <StopsWeekCard truckId={truckId} publicPath={publicPath} />
      </Suspense>
    );
  }
  return (
    <Panel title={t('publicWeek.title')} testId="public-week">
      <p>{t('publicWeek.intro')}</p>
      <Button onClick={() => setShown(true)} data-testid="show-public-week">
        {t('publicWeek.show')}
      </Button>
    </Panel>
  );
}

/** Often enough for "open until" to turn into "closed" within a few seconds of the closing time. */
const PREVIEW_REFRESH_MS = 5_000;
const NO_ERRORS: FieldErrors = new Map();
/** A change made while the contract could not be fetched: the server checks it on saving. */
const UNCHECKED: CheckedDraft = { errors: NO_ERRORS, schedule: null };

/** The draft's contract: fetched with the first change, and again with the next one if that fetch failed. */
const hoursContract = onFirstUse(loadHoursContract);

function OpenPreview({ schedule, timeZone, unsaved }: { schedule: Schedule | null; timeZone: string; unsaved: boolean }) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const now = useNow(PREVIEW_REFRESH_MS);
  const preview = schedule && previewAt(schedule, Temporal.Instant.fromEpochMilliseconds(now), lang);
  return (
    <Panel title={t('preview.title')} className="td-hours__preview">
      <p className="td-preview" data-testid="open-preview" data-state={preview?.state ?? 'invalid'} aria-live="polite">
        <span className={`td-preview__dot td-preview__dot--${preview?.state ?? 'invalid'}`} aria-hidden="true" />
        {preview ? t(`preview.${preview.key}`, { when: preview.when }) : t('preview.invalid')}
      </p>
      <p className="td-hours__hint">
        {sentenceWithValue(t('preview.timeZone', { zone: VALUE_SLOT }), timeZone)}
        {unsaved && ` ${t('preview.unsaved')}`}
      </p>
    </Panel>
  );
}

function HoursEditor({ truckId, hours, canWrite }: { truckId: string; hours: Hours; canWrite: boolean }) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const saved = useMemo(() => draftOf(hours), [hours]);
  const [draft, setDraft] = useState<HoursDraft>(saved);
  const [serverErrors, setServerErrors] = useState<FieldErrors>(NO_ERRORS);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveHours, saving] = useSaveHoursMutation();

  const unsaved = !sameUpdate(draft, saved);
  const contract = hoursContract.useStatus();
  // Until the contract is here (a moment after the first change), the preview stays on the saved hours and saving waits.
  const checking = unsaved && contract === null;
  const checked = useMemo(
    () => (contract === 'failed' ? (unsaved ? UNCHECKED : savedCheck(hours)) : contract ? checkDraft(draft, lang, contract) : savedCheck(hours)),
    [contract, unsaved, draft, lang, hours],
  );
  const errors = checked.errors.size > 0 ? checked.errors : serverErrors;
  const schedule = checked.schedule && { ...checked.schedule, pausedUntil: hours.pausedUntil };
  const today = Temporal.Now.plainDateISO(checked.schedule?.timeZone ?? hours.timeZone).toString();

  const change = (next: HoursDraft) => {
    hoursContract.load();
    setDraft(next);
    setServerErrors(NO_ERRORS);
    setProblem(null);
  };
  const setDay = (day: Weekday, shifts: HoursDraft['days'][Weekday]) => change({ ...draft, days: { ...draft.days, [day]: shifts } });

  const save = async () => {
    setProblem(null);
    try {
      await saveHours({ truckId, update: updateOf(draft) }).unwrap();
      notify.success('hours:saved');
    } catch (error) {
      const found = problemOf(error);
      setServerErrors(fieldErrorsByPath(found.fields, lang));
      setProblem(found.code === 'validation_failed' && found.fields.length > 0 ? t('fixHighlighted') : problemMessage(found, lang, t('unexpected')));
    }
  };

  return (
    <>
      <OpenPreview schedule={schedule} timeZone={draft.timeZone} unsaved={unsaved} />
      <PauseCard truckId={truckId} hours={hours} canWrite={canWrite} />
      <Panel title={t('week.title')} extra={<TimeZoneSelect value={draft.timeZone} onChange={(timeZone) => change({ ...draft, timeZone })} invalid={errors.has('timeZone')} />}>
        {errors.get('timeZone')?.map((message) => (
          <Notice key={message} kind="error">
            {message}
          </Notice>
        ))}
        <p className="td-hours__hint">{t('week.intro')}</p>
        <div className="td-week">
          {WEEKDAYS.map((day) => (
            <DayShifts
              key={day}
              day={day}
              shifts={draft.days[day]}
              errors={errors}
              onChange={(shifts) => setDay(day, shifts)}
              onCopy={(to) => change(copyDay(draft, day, to))}
            />
          ))}
        </div>
      </Panel>
      <ExceptionsCard
        exceptions={draft.exceptions}
        today={today}
        errors={errors}
        weeklyShiftsOf={(date) => copiesOf(draft.days[WEEKDAYS[Temporal.PlainDate.from(date).dayOfWeek - 1]!])}
        onChange={(exceptions) => change({ ...draft, exceptions })}
      />
      {canWrite && (
        <div className="td-hours__save" data-testid="hours-save-bar">
          {problem && (
            <Notice kind="error" testId="hours-problem">
              {problem}
            </Notice>
          )}
          <Button onClick={() => change(draftOf(hours))} disabled={!unsaved || saving.isLoading}>
            {t('discard')}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving.isLoading} disabled={!unsaved || checking || checked.errors.size > 0} data-testid="hours-save">
            {t('save')}
          </Button>
        </div>
      )}
    </>
  );
}

function HoursScreen({ truckId }: { truckId: string }) {
  const { t } = useTranslation('hours');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const canWrite = useCanAccess('/operating-hours', 'write');
  const { data: hours, error } = useHoursQuery(truckId);
  const publicPath = usePublicPagePath();
  if (error) return <Notice kind="error">{problemMessage(problemOf(error), lang, t('unexpected'))}</Notice>;
  if (!hours) return <PageLoading />;
  return (
    <div className="td-hours">
      {/* Staff see the hours without changing them (antd and native fields alike). A new version (saved here or elsewhere) starts a fresh draft; a pause keeps the one being edited. */}
      <ConfigProvider componentDisabled={!canWrite}>
        <fieldset className="td-hours__editor" disabled={!canWrite}>
          <HoursEditor key={`${truckId}:${hours.version}`} truckId={truckId} hours={hours} canWrite={canWrite} />
        </fieldset>
      </ConfigProvider>
      <PublicWeek truckId={truckId} publicPath={publicPath} />
    </div>
  );
}

export function Component() {
  const { t } = useTranslation('hours');
  const { truckId, loaded } = useCurrentTruck();
  if (!loaded) return <Loading />;
  if (!truckId) {
    return <NoTruck purpose={t('noTruck')} />;
  }
  return <HoursScreen truckId={truckId} />;
}
