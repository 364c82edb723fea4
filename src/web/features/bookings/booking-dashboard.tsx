/**
 * The /booking-details screen for one truck: the availableToArrive switch, status tabs with counts,
 * the tab's bookings (a page at a time), the selected booking beside them (or in a drawer on a
 * narrow screen), the month calendar of confirmed ones and the calendar feed; kept live by the
 * truck's event stream. The seed's `booking` slice (docs/product.md §6.3) holds the tab, the
 * selection, what is on screen, the loading flags and the switch: the cache's pages and counts go
 * into it and the tabs, the list and the panel read them from it.
 */
import type { BookingSummary } from '@domain/bookings/contracts';
import { BOOKING_TAB_NAMES } from '@domain/bookings/flow';
import type { BookingTab } from '@domain/bookings';
import { isolate } from '@domain/i18n/fill';
import { detailSeparator } from '@domain/locale';
import { Button, Drawer, Segmented, Switch } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Loading } from '../../ui/loading';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { DESKTOP_QUERY, useMediaQuery } from '../../ui/use-media-query';
import { useBookingFormat, type BookingFormat } from './booking-format';
import {
  useBookingCountsQuery,
  useBookingDeskQuery,
  useBookingQuery,
  useCalendarFeedQuery,
  useListBookingsInfiniteQuery,
  useRotateCalendarFeedMutation,
  useSetAvailableToArriveMutation,
} from './bookings.api';
import { setAvailableToArrive, setBookingActiveStatus, setBookingCount, setBookingLoading, setBookings, setBookingTabLoading, setSelectedBooking } from './bookings.slice';
import { useBookingStream } from './use-booking-stream';
import './bookings.css';
import { PageLoading } from '../../app/page-loading';

/** Ant Design's Calendar and dayjs are heavy: loaded when the calendar view is first opened. */
const BookingCalendar = lazy(() => import('./booking-calendar'));
/** The panel (its forms, the date picker's loader) loads when a booking is first opened, not with the list. */
const BookingPanel = lazy(() => import('./booking-panel').then((module) => ({ default: module.BookingPanel })));

function BookingList({ bookings, selectedId, format, onSelect }: { bookings: BookingSummary[]; selectedId: string | null; format: BookingFormat; onSelect(booking: BookingSummary): void }) {
  const { t } = useTranslation('bookings');
  const separator = detailSeparator(format.lang);
  return (
    <ul className="td-booking-list">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <button
            type="button"
            className="td-booking-list__item"
            aria-current={booking.id === selectedId}
            data-testid={`booking-row-${booking.number}`}
            onClick={() => onSelect(booking)}
          >
            <strong>
              #{format.count(booking.number)}
              {separator}
              {isolate(booking.eventType, format.lang)}
            </strong>
            <span>
              {format.date(booking.eventDate)}
              {separator}
              <span dir="ltr">{format.wallTime(booking.startTime)}</span>
            </span>
            <span>
              {isolate(booking.customer.name, format.lang)}
              {separator}
              {t('list.guests', { count: booking.guestCount })}
            </span>
            <span className="td-booking-status" data-status={booking.status}>
              {t(`status.${booking.status}`)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The selected booking, loaded in full (history, clash). */
function LoadedBookingPanel({ truckId, bookingId, format }: { truckId: string; bookingId: string; format: BookingFormat }) {
  const { t } = useTranslation('bookings');
  const dispatch = useAppDispatch();
  const desk = useBookingDeskQuery(truckId);
  const booking = useBookingQuery({ truckId, bookingId });
  useEffect(() => {
    dispatch(setBookingLoading(booking.isFetching));
  }, [dispatch, booking.isFetching]);
  if (booking.isError) return <Notice kind="error">{t('panel.loadFailed')}</Notice>;
  if (!booking.data || !desk.data) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <BookingPanel desk={desk.data} booking={booking.data} format={format} />
    </Suspense>
  );
}

function CalendarFeed({ truckId }: { truckId: string }) {
  const { t } = useTranslation('bookings');
  const feed = useCalendarFeedQuery(truckId);
  const [rotate, { isLoading }] = useRotateCalendarFeedMutation();
  if (!feed.data) return null;
  return (
    <details className="td-booking-feed">
      <summary>{t('feed.title')}</summary>
      <p>{t('feed.body')}</p>
      <input className="td-booking-feed__url" readOnly value={feed.data.url} aria-label={t('feed.url')} dir="ltr" onFocus={(event) => event.target.select()} />
      <div className="td-booking-form__row">
        <Button onClick={() => void navigator.clipboard?.writeText(feed.data!.url).then(() => notify.success('bookings:feed.copied'))}>{t('feed.copy')}</Button>
        <Button danger disabled={isLoading} onClick={() => void rotate(truckId).unwrap().then(() => notify.success('bookings:feed.rotated'))}>
          {t('feed.rotate')}
        </Button>
      </div>
    </details>
  );
}

export function BookingDashboard({ truckId }: { truckId: string }) {
  const { t } = useTranslation('bookings');
  const dispatch = useAppDispatch();
  const tab = useAppSelector((s) => s.booking.activeStatus);
  const selected = useAppSelector((s) => s.booking.selectedOrder);
  const available = useAppSelector((s) => s.booking.availableToArrive);
  // What the tabs and the list show: the cache's pages and counts, as the slice holds them.
  const shown = useAppSelector((s) => s.booking.bookings);
  const count = useAppSelector((s) => s.booking.count);
  const tabLoading = useAppSelector((s) => s.booking.tab_loading);
  const bookingLoading = useAppSelector((s) => s.booking.order_loading);
  const wide = useMediaQuery(DESKTOP_QUERY);
  const [view, setView] = useState<'list' | 'calendar'>('list');

  const desk = useBookingDeskQuery(truckId);
  const format = useBookingFormat(desk.data?.timeZone ?? 'UTC');
  const list = useListBookingsInfiniteQuery({ truckId, tab });
  const counts = useBookingCountsQuery(truckId);
  const bookings = useMemo(() => list.data?.pages.flatMap((page) => page.bookings) ?? [], [list.data]);
  const streamStatus = useBookingStream(truckId);
  const [setSwitch, { isLoading: switching }] = useSetAvailableToArriveMutation();

  // Before paint, so the list never shows the previous tab's bookings or an empty tab for a frame.
  useLayoutEffect(() => {
    dispatch(setBookings(bookings));
  }, [dispatch, bookings]);
  useLayoutEffect(() => {
    dispatch(setBookingCount(counts.data ?? {}));
  }, [dispatch, counts.data]);
  useEffect(() => {
    dispatch(setBookingTabLoading(list.isFetching));
  }, [dispatch, list.isFetching]);
  useEffect(() => {
    if (desk.data) dispatch(setAvailableToArrive(desk.data.availableToArrive));
  }, [dispatch, desk.data]);
  useEffect(() => {
    if (selected && selected.truckId !== truckId) dispatch(setSelectedBooking(null));
  }, [dispatch, selected, truckId]);

  const select = useCallback((booking: BookingSummary) => dispatch(setSelectedBooking(booking)), [dispatch]);

  const flip = async (value: boolean) => {
    dispatch(setAvailableToArrive(value));
    try {
      await setSwitch({ truckId, availableToArrive: value }).unwrap();
    } catch {
      dispatch(setAvailableToArrive(!value));
      notify.error('bookings:availability.failed');
    }
  };

  if (desk.isError) return <Notice kind="error">{t('loadFailed')}</Notice>;
  if (!desk.data) return <PageLoading />;

  const panel = selected && <LoadedBookingPanel key={selected.id} truckId={truckId} bookingId={selected.id} format={format} />;

  return (
    <div className="td-bookings">
      <div className="td-bookings__toolbar">
        <label className="td-bookings__switch">
          <Switch checked={available} disabled={!desk.data.canChangeSettings || switching} onChange={(value) => void flip(value)} data-testid="available-to-arrive" />
          <span>{available ? t('availability.on') : t('availability.off')}</span>
        </label>
        <Segmented
          value={view}
          onChange={(value) => setView(value as 'list' | 'calendar')}
          options={[
            { value: 'list', label: t('view.list') },
            { value: 'calendar', label: t('view.calendar') },
          ]}
        />
        <span className="td-bookings__live" data-status={streamStatus} data-testid="bookings-live" role="status">
          {t(`live.${streamStatus}`)}
        </span>
      </div>
      {desk.data.canChangeSettings && <CalendarFeed truckId={truckId} />}

      {view === 'calendar' ? (
        <Suspense fallback={<Loading />}>
          <BookingCalendar truckId={truckId} format={format} initialMonth={selected?.eventDate.slice(0, 7)} onOpen={select} />
        </Suspense>
      ) : (
        <div className="td-bookings__tabs" role="tablist" aria-label={t('tabsLabel')}>
          {BOOKING_TAB_NAMES.map((name: BookingTab) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`td-bookings-tab-${name}`}
              aria-selected={name === tab}
              aria-controls="td-bookings-tabpanel"
              className="td-bookings__tab"
              data-tab={name}
              onClick={() => dispatch(setBookingActiveStatus(name))}
            >
              {t(`tabs.${name}`)}
              <span className="td-bookings__count" data-testid={`bookings-count-${name}`} data-count={count[name] ?? ''}>
                {count[name] === undefined ? '…' : format.count(count[name])}
              </span>
            </button>
          ))}
        </div>
      )}

      <div className="td-bookings__body">
        {view === 'list' && (
          <section id="td-bookings-tabpanel" role="tabpanel" aria-labelledby={`td-bookings-tab-${tab}`} aria-busy={tabLoading}>
            {list.isError && <Notice kind="error">{t('list.loadFailed')}</Notice>}
            {list.isLoading ? (
              <Loading />
            ) : shown.length === 0 ? (
              <p className="td-loading">{t('list.empty')}</p>
            ) : (
              <BookingList bookings={shown} selectedId={selected?.id ?? null} format={format} onSelect={select} />
            )}
            {list.hasNextPage && (
              <Button block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('list.loadMore')}
              </Button>
            )}
          </section>
        )}
        {wide ? (
          <aside aria-label={t('panel.label')} aria-busy={bookingLoading}>{panel ?? <p className="td-loading">{t('panel.nothingSelected')}</p>}</aside>
        ) : (
          <Drawer open={Boolean(selected)} onClose={() => dispatch(setSelectedBooking(null))} size="large" title={t('panel.label')} destroyOnHidden>
            {panel}
          </Drawer>
        )}
      </div>
    </div>
  );
}
