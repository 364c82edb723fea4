/**
 * `/home`, today at a glance (docs/product.md §3), for whoever signs in:
 *  - a vendor (the truck chosen in the switcher): open or closed now and the next change, the pause,
 *    taking orders or why not, today's figures against the same weekday last week, pending orders
 *    and booking requests, paper warnings, and the charts — live with the truck's event stream;
 *  - staff: the same day without revenue (unless the truck's permissions give it);
 *  - an applicant: the application's progress and the next step, as one button;
 *  - an admin: applications waiting, trucks by status, documents expiring across the platform.
 * Plain markup and CSS: the dashboard shell already carries Ant Design's weight.
 */
import type { AdminHome, TruckHome } from '@domain/home';
import { applicationStage, applicationStep, percentChange } from '@domain/home/rules';
import type { TruckStatus } from '@domain/trucks';
import { detailSeparator } from '@domain/locale';
import { localToday } from '@domain/time-zone';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentTruck } from '../../app/current-truck';
import { useAppSelector } from '../../app/hooks';
import type { UiLang } from '../../app/lang-dir.slice';
import { formatDate, formatNumber } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { Panel } from '../../ui/panel';
import { useNow } from '../../ui/use-now';
import { calendarDate, money as formatMoney } from './home-format';
import { homeApi, useAdminHomeQuery, useHomePauseMutation, useHomeResumeMutation, useTruckHomeQuery } from './home.api';
import type { FirstReads } from '../../app/routes';
import { useHomeStream } from './use-home-stream';
import './home.css';
import { nameIn, type Named } from '@domain/names';
import { PageLoading } from '../../app/page-loading';

const HomeCharts = lazy(() => import('./home-charts'));

/** The clock moves "open until" and today's hour even when no order arrives. */
const REFRESH_MS = 60_000;
const PAUSES = [15, 30, 60] as const;

function useLang(): UiLang {
  return useAppSelector((s) => s.lang_dir.lang);
}

/** An instant in the truck's time zone: the time alone when it is today there, else with the weekday. */
function when(iso: string, timeZone: string, lang: UiLang, now: number): string {
  const sameDay = localToday(timeZone, new Date(iso)) === localToday(timeZone, new Date(now));
  return formatDate(iso, lang, { timeZone, ...(sameDay ? {} : { weekday: 'long' }), hour: 'numeric', minute: '2-digit' });
}

function Delta({ now, before, weekday }: { now: number; before: number; weekday: string }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const change = percentChange(now, before);
  if (change === null) return <span className="td-figure__delta">{t('figures.noComparison', { weekday })}</span>;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <span className={`td-figure__delta td-figure__delta--${direction}`} data-testid="delta">
      {t('figures.delta', { change: formatNumber(change / 100, lang, { style: 'percent', signDisplay: 'exceptZero' }), weekday })}
    </span>
  );
}

function Figure({ label, value, children, testId }: { label: string; value: string; children?: ReactNode; testId: string }) {
  return (
    <div className="td-figure" data-testid={testId}>
      <span className="td-figure__label">{label}</span>
      <strong className="td-figure__value">{value}</strong>
      {children}
    </div>
  );
}

function StatusPanel({ summary }: { summary: TruckHome }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const now = useNow(15_000);
  const [pause, pausing] = useHomePauseMutation();
  const [resume, resuming] = useHomeResumeMutation();
  const { open, timeZone } = summary;
  const paused = summary.pausedUntil !== null && Date.parse(summary.pausedUntil) > now;
  const mayPause = summary.relation === 'owner' && summary.status === 'approved';

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify.success(done);
    } catch {
      // The screen refreshes with the truck's state either way; the toast says it did not go through.
      notify.error('home:unexpected');
    }
  };

  const openText = open.open
    ? t('status.openUntil', { time: when(open.until, timeZone, lang, now) })
    : open.reason === 'paused'
      ? t('status.pausedUntil', { time: when(summary.pausedUntil ?? open.opensAt ?? summary.asOf, timeZone, lang, now) })
      : open.opensAt
        ? t('status.closedOpens', { time: when(open.opensAt, timeZone, lang, now) })
        : t('status.closed');
  const reasons = summary.taking.reasons.map((reason) =>
    reason === 'truck_not_approved' ? t(`reasons.status.${summary.status}`) : t(`reasons.${reason}`),
  );

  return (
    <Panel title={t('status.title')} testId="home-status">
      <p className="td-home__open" data-state={open.open ? 'open' : paused ? 'paused' : 'closed'} data-testid="open-state">
        <span className={`td-home__dot td-home__dot--${open.open ? 'open' : paused ? 'paused' : 'closed'}`} aria-hidden="true" />
        {openText}
      </p>
      <p className="td-home__taking" data-testid="taking" data-taking={summary.taking.now ? 'yes' : 'no'}>
        {summary.taking.now ? t('status.taking') : t('status.notTaking', { reasons: new Intl.ListFormat(lang, { type: 'conjunction' }).format(reasons) })}
      </p>
      {mayPause && (
        <div className="td-home__actions">
          {paused ? (
            <button type="button" className="td-button td-button--primary" disabled={resuming.isLoading} onClick={() => void act(() => resume(summary.truckId).unwrap(), 'home:status.resumed')} data-testid="home-resume">
              {t('status.resume')}
            </button>
          ) : (
            PAUSES.map((minutes) => (
              <button
                key={minutes}
                type="button"
                className="td-button"
                disabled={pausing.isLoading}
                onClick={() => void act(() => pause({ truckId: summary.truckId, pause: { kind: 'minutes', minutes } }).unwrap(), 'home:status.pausedToast')}
                data-testid={`home-pause-${minutes}`}
              >
                {t('status.pause', { count: minutes })}
              </button>
            ))
          )}
        </div>
      )}
    </Panel>
  );
}

function Papers({ summary }: { summary: TruckHome }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  if (summary.alerts.length === 0) return null;
  const date = (iso: string) => calendarDate(iso, lang, { dateStyle: 'medium' });
  const expired = summary.alerts.filter((alert) => alert.state === 'expired');
  const expiring = summary.alerts.filter((alert) => alert.state === 'expiring');
  const fix = (
    <Link to="/truck-info" className="td-home__link">
      {t('papers.fix')}
    </Link>
  );
  return (
    <div className="td-home__papers" data-testid="home-papers">
      {expired.length > 0 && (
        <Notice kind="error" testId="papers-blocked">
          {t('papers.blocked', { documents: new Intl.ListFormat(lang).format(expired.map((alert) => t(`trucks:documentTypes.${alert.type}`))) })} {fix}
        </Notice>
      )}
      {expiring.map((alert) => (
        <Notice key={alert.type} kind="warning" testId="paper-warning" data={{ 'data-type': alert.type }}>
          {t('papers.expiring', { document: t(`trucks:documentTypes.${alert.type}`), count: alert.daysLeft, date: date(alert.expiryDate) })} {fix}
        </Notice>
      ))}
    </div>
  );
}

function TodayPanel({ summary }: { summary: TruckHome }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const today = summary.todayFigures;
  const before = summary.lastWeekFigures;
  const weekday = calendarDate(summary.today, lang, { weekday: 'long' });
  const money = (minor: number) => formatMoney(minor, summary.currency, lang);
  return (
    <Panel title={t('figures.title')} testId="home-today">
      <div className="td-figures">
        <Figure label={t('figures.orders')} value={formatNumber(today.orders, lang)} testId="figure-orders">
          <Delta now={today.orders} before={before.orders} weekday={weekday} />
        </Figure>
        {today.revenue !== null && before.revenue !== null && (
          <Figure label={t('figures.revenue')} value={money(today.revenue)} testId="figure-revenue">
            <Delta now={today.revenue} before={before.revenue} weekday={weekday} />
          </Figure>
        )}
        {today.averageTicket !== null && before.averageTicket !== null && (
          <Figure label={t('figures.averageTicket')} value={money(today.averageTicket)} testId="figure-average">
            <Delta now={today.averageTicket} before={before.averageTicket} weekday={weekday} />
          </Figure>
        )}
        {today.tips !== null && (
          // Tips are not revenue (decision 017): their own figure, for whom sees revenue.
          <Figure label={t('figures.tips')} value={money(today.tips)} testId="figure-tips">
            <span className="td-figure__delta">{t('figures.tipsApart')}</span>
          </Figure>
        )}
        {summary.todayRefunds !== null && summary.todayRefunds > 0 && (
          <Figure label={t('figures.refunds')} value={money(summary.todayRefunds)} testId="figure-refunds">
            <span className="td-figure__delta">{t('figures.refundsApart')}</span>
          </Figure>
        )}
        <Link to="/orders" className="td-figure td-figure--link" data-testid="pending-orders">
          <span className="td-figure__label">{t('figures.pendingOrders')}</span>
          <strong className="td-figure__value">{formatNumber(summary.pending.orders, lang)}</strong>
          <span className="td-figure__delta">{t('figures.openOrders')}</span>
        </Link>
        <Link to="/booking-details" className="td-figure td-figure--link" data-testid="pending-bookings">
          <span className="td-figure__label">{t('figures.pendingBookings')}</span>
          <strong className="td-figure__value">{formatNumber(summary.pending.bookings, lang)}</strong>
          <span className="td-figure__delta">{t('figures.openBookings')}</span>
        </Link>
      </div>
    </Panel>
  );
}

const STAGES = ['register', 'application', 'review', 'decision'] as const;

function ApplicationView({ status, reviewNotes }: { status: TruckStatus | null; reviewNotes: string | null }) {
  const { t } = useTranslation('home');
  const stage = applicationStage(status);
  const { step, path } = applicationStep(status);
  return (
    <Panel title={t('application.title')} testId="home-application">
      <ol className="td-progress" aria-label={t('application.title')}>
        {STAGES.map((name, index) => (
          <li key={name} className={index < stage ? 'td-progress__step td-progress__step--done' : index === stage ? 'td-progress__step td-progress__step--current' : 'td-progress__step'} aria-current={index === stage ? 'step' : undefined}>
            {t(`application.stages.${name}`)}
          </li>
        ))}
      </ol>
      <p className="td-home__application-status" data-testid="application-status" data-status={status ?? 'none'}>
        {t(`application.status.${status ?? 'none'}`)}
      </p>
      {reviewNotes && (status === 'changes_requested' || status === 'rejected' || status === 'suspended') && (
        <blockquote className="td-home__notes" data-testid="review-notes">
          <span className="td-home__notes-label">{t(status === 'changes_requested' ? 'application.notes' : 'application.reason')}</span> {reviewNotes}
        </blockquote>
      )}
      <Link to={path} className="td-button td-button--primary" data-testid="next-step">
        {t(`application.next.${step}`)}
      </Link>
    </Panel>
  );
}

function TruckHomeView({ truckId }: { truckId: string }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const query = useTruckHomeQuery(truckId, { pollingInterval: REFRESH_MS, refetchOnFocus: true });
  const { refetch } = query;
  const summary = query.data;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const trading = summary !== undefined && (summary.status === 'approved' || summary.status === 'suspended');
  useHomeStream(truckId, refresh, trading);

  if (!summary) return query.isError ? <Notice kind="error">{t('unexpected')}</Notice> : <PageLoading />;
  if (!trading) return <ApplicationView status={summary.status} reviewNotes={summary.application.reviewNotes} />;
  const name = nameIn(summary, lang);
  return (
    <div className="td-home" data-testid="home-truck" data-relation={summary.relation}>
      <p className="td-home__lead">{t('lead', { truck: name })}</p>
      <Papers summary={summary} />
      <div className="td-home__top">
        <StatusPanel summary={summary} />
        <TodayPanel summary={summary} />
      </div>
      <Suspense fallback={<Loading />}>
        <HomeCharts summary={summary} lang={lang} />
      </Suspense>
    </div>
  );
}

function AdminView() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const query = useAdminHomeQuery(undefined, { pollingInterval: REFRESH_MS, refetchOnFocus: true });
  const summary: AdminHome | undefined = query.data;
  if (!summary) return query.isError ? <Notice kind="error">{t('unexpected')}</Notice> : <PageLoading />;
  const name = (item: Named) => nameIn(item, lang) || t('untitled');
  const age = (hours: number) =>
    hours < 48 ? t('admin.ageHours', { count: hours }) : t('admin.ageDays', { count: Math.floor(hours / 24) });
  const date = (iso: string) => calendarDate(iso, lang, { dateStyle: 'medium' });
  return (
    <div className="td-home" data-testid="home-admin">
      <Panel title={t('admin.waiting', { count: summary.waiting.total })} testId="admin-waiting" extra={<Link to="/admin/reviews" className="td-home__link">{t('admin.review')}</Link>}>
        {summary.waiting.items.length === 0 ? (
          <p className="td-home__muted">{t('admin.noneWaiting')}</p>
        ) : (
          <ol className="td-home__list">
            {summary.waiting.items.map((item) => (
              <li key={item.truckId} className="td-home__list-row" data-testid="waiting-row">
                <span>
                  <strong>{name(item)}</strong> <bdi className="td-home__muted">{item.ownerEmail}</bdi>
                </span>
                <span className="td-home__age" data-testid="waiting-age">{age(item.ageHours)}</span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title={t('admin.byStatus')} testId="admin-statuses">
        <div className="td-figures">
          {Object.entries(summary.trucksByStatus).map(([status, count]) => (
            <div key={status} className="td-figure" data-testid={`status-${status}`}>
              <span className="td-figure__label">{t(`trucks:status.${status}`)}</span>
              <strong className="td-figure__value">{formatNumber(count, lang)}</strong>
            </div>
          ))}
        </div>
      </Panel>
      <Panel title={t('admin.expiring')} testId="admin-expiring">
        {summary.expiring.length === 0 ? (
          <p className="td-home__muted">{t('admin.noneExpiring')}</p>
        ) : (
          <ul className="td-home__list">
            {summary.expiring.map((item) => (
              <li key={`${item.truckId}:${item.type}`} className="td-home__list-row" data-testid="expiring-row">
                <span>
                  <strong>{name(item)}</strong>
                  {detailSeparator(lang)}
                  {t(`trucks:documentTypes.${item.type}`)}
                </span>
                <span className={item.daysLeft < 0 ? 'td-home__age td-home__age--late' : 'td-home__age'}>
                  {item.daysLeft < 0 ? t('admin.expired', { date: date(item.expiryDate) }) : t('admin.expires', { count: item.daysLeft, date: date(item.expiryDate) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** The day's summary: the platform's for an admin, the current truck's for its team. */
export const firstReads: FirstReads = (dispatch, truckId, state) => [
  ...(state.user.role.includes('Admin')
    ? [dispatch(homeApi.endpoints.adminHome.initiate(undefined, { subscribe: false }))]
    : truckId === null
      ? []
      : [dispatch(homeApi.endpoints.truckHome.initiate(truckId, { subscribe: false }))]),
];

export function Component() {
  const roles = useAppSelector((s) => s.user.role);
  const { truckId, loaded } = useCurrentTruck();
  if (roles.includes('Admin')) return <AdminView />;
  if (truckId) return <TruckHomeView key={truckId} truckId={truckId} />;
  if (!loaded) return <Loading />;
  return <ApplicationView status={null} reviewNotes={null} />;
}
