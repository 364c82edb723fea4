/**
 * The /orders screen for one truck: status tabs with live counts, the tab's orders (a page at a
 * time), the selected order beside them (or in a drawer on a narrow screen), search and dates, the
 * CSV export and phone orders; kept live by the truck's event stream, which the signed-in shell
 * follows on every screen (order-alerts.shell.tsx): here the ringing orders stand out, and a dropped
 * connection shows at once while the screen keeps what it had.
 * The seed's `order` slice (docs/product.md §6.3) holds the tab, the selection, what is on screen
 * and the loading flags: the cache's pages and counts go into it and the tabs, the list and the
 * panel read them from it.
 */
import type { OrderSummary } from '@domain/orders/contracts';
import { DASHBOARD_TAB_NAMES, type DashboardTab } from '@domain/orders/dashboard';
import { localToday } from '@domain/time-zone';
import { Button, Drawer } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { readString, writeString } from '../../app/storage';
import { Loading } from '../../ui/loading';
import { NativeInput } from '../../ui/native-fields';
import { DateField } from '../../ui/pickers';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { DESKTOP_QUERY, useMediaQuery } from '../../ui/use-media-query';
import { useNow } from '../../ui/use-now';
import { downloadOrdersCsv } from './export-orders';
import { useOrderFormat } from './order-format';
import { isOffline, notificationState, orderAlerts, useOrderAlerts } from './order-alerts.state';
import { OrderList } from './order-list';
import { OrderPanel } from './order-panel';
import { usePrinter } from './order-ticket';
import { useWakeLock } from './use-wake-lock';
import { ordersApi, useListOrdersInfiniteQuery, useOrderCountsQuery, useOrderDeskQuery } from './orders.api';
import { useQueuedView, withQueued } from './offline-view.state';
import { setOrderActiveStatus, setOrderCount, setOrders, setOrderTabLoading, setSelectedOrder } from './orders.slice';
import './orders.css';
import { nameIn } from '@domain/names';
import { PageLoading } from '../../app/page-loading';
import { loadOfflineCode } from './offline-orders.load';
import { useDetailsKeptOffline } from './details-kept-offline';

const PhoneOrderDialog = lazy(() => import('./phone-order-dialog'));
// The device queue and its conflicts, after the screen (decision 018): none of it on the first load.
const OfflineLayer = lazy(() => import('./offline-layer'));

const PRINT_ON_ACCEPT_KEY = 'orders_print_on_accept';
const KEEP_AWAKE_KEY = 'orders_keep_awake';
/** The clock ticks every half minute: "placed 5 min ago" and due times move on by themselves. */
const CLOCK_TICK_MS = 30_000;
const SEARCH_PAUSE_MS = 300;

/** The value once it has stopped changing for a moment: one search request per pause in typing, not per key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function OrderDashboard({ truckId }: { truckId: string }) {
  useEffect(loadOfflineCode, []);
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const tab = useAppSelector((s) => s.order.activeStatus);
  const selected = useAppSelector((s) => s.order.selectedOrder);
  // What the tabs and the list show: the cache's pages and counts, as the slice holds them.
  const shown = useAppSelector((s) => s.order.orders);
  const count = useAppSelector((s) => s.order.count);
  const tabLoading = useAppSelector((s) => s.order.tab_loading);
  const orderLoading = useAppSelector((s) => s.order.order_loading);
  const wide = useMediaQuery(DESKTOP_QUERY);
  const now = useNow(CLOCK_TICK_MS);

  const desk = useOrderDeskQuery(truckId);
  const timeZone = desk.data?.timeZone ?? 'UTC';
  const format = useOrderFormat(timeZone);

  const [search, setSearch] = useState('');
  const q = useSettled(search.trim(), SEARCH_PAUSE_MS);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = useMemo(() => ({ ...(from ? { from } : {}), ...(to ? { to } : {}), ...(q ? { q } : {}) }), [from, to, q]);
  const list = useListOrdersInfiniteQuery({ truckId, tab, ...filters });
  const counts = useOrderCountsQuery({ truckId, ...filters });
  const orders = useMemo(() => list.data?.pages.flatMap((page) => page.orders) ?? [], [list.data]);

  const alerts = useOrderAlerts();
  const streamStatus = alerts.stream;
  useDetailsKeptOffline(truckId, tab, orders, streamStatus === 'live');
  const truckName = desk.data ? nameIn(desk.data, format.lang) : '';
  const { print, ticket } = usePrinter(truckName, format);
  const [printOnAccept, setPrintOnAccept] = useState(() => readString(PRINT_ON_ACCEPT_KEY) === 'true');
  const [phoneOrderOpen, setPhoneOrderOpen] = useState(false);
  // On unless turned off: a counter tablet that goes dark misses the ring.
  const [keepAwake, setKeepAwake] = useState(() => readString(KEEP_AWAKE_KEY) !== 'false');
  const wakeLock = useWakeLock(keepAwake && alerts.soundReady);
  const [exportRange, setExportRange] = useState<{ from: string; to: string } | null>(null);

  // Before paint, so the list never shows the previous tab's orders or an empty tab for a frame.
  useLayoutEffect(() => {
    dispatch(setOrders(orders));
  }, [dispatch, orders]);
  const queued = useQueuedView();
  useLayoutEffect(() => {
    dispatch(setOrderCount(counts.data ? withQueued(counts.data, queued.countsDelta) : {}));
  }, [dispatch, counts.data, queued.countsDelta]);
  const selectedRead = useAppSelector((s) => (selected ? ordersApi.endpoints.order.select({ truckId, orderId: selected.id })(s as never).fulfilledTimeStamp : 0));
  const readStamp = Math.max(list.fulfilledTimeStamp ?? 0, counts.fulfilledTimeStamp ?? 0, selectedRead ?? 0);
  useEffect(() => {
    dispatch(setOrderTabLoading(list.isFetching));
  }, [dispatch, list.isFetching]);
  // A selection from another truck (the switcher changed it) means nothing here.
  useEffect(() => {
    if (selected && selected.truckId !== truckId) dispatch(setSelectedOrder(null));
  }, [dispatch, selected, truckId]);

  const ringingIds = useMemo(() => new Set(alerts.ringing.map((order) => order.id)), [alerts.ringing]);
  // The newest ringing order and the one the banner opened are brought into view once their card is
  // drawn: at the end of a long pending list a new order would otherwise arrive below the fold.
  const listRef = useRef<HTMLElement>(null);
  const broughtIntoView = useRef(new Set<string>());
  const newestRinging = alerts.ringing.at(-1)?.id;
  const selectedId = selected?.id;
  useEffect(() => {
    for (const id of [newestRinging, selectedId]) {
      const card = id && !broughtIntoView.current.has(id) ? listRef.current?.querySelector(`[data-order-id="${id}"]`) : null;
      if (!card) continue;
      broughtIntoView.current.add(id!);
      card.scrollIntoView({ block: 'nearest' });
    }
  }, [newestRinging, selectedId, shown]);
  const select = useCallback((order: OrderSummary) => dispatch(setSelectedOrder(order)), [dispatch]);
  const chooseKeepAwake = (value: boolean) => {
    writeString(KEEP_AWAKE_KEY, String(value));
    setKeepAwake(value);
  };
  const choosePrintOnAccept = (value: boolean) => {
    writeString(PRINT_ON_ACCEPT_KEY, String(value));
    setPrintOnAccept(value);
  };

  const enableNotifications = async () => {
    if (notificationState() === 'unsupported') return;
    orderAlerts.setNotifications(await Notification.requestPermission());
  };

  const exportCsv = async () => {
    if (!exportRange) return;
    if (isOffline()) {
      notify.error('orders:offline.refused');
      return;
    }
    const ok = await downloadOrdersCsv(truckId, exportRange, format.lang).catch(() => false);
    if (ok) setExportRange(null);
    else notify.error('orders:export.failed');
  };

  if (desk.isError) return <Notice kind="error">{t('loadFailed')}</Notice>;
  if (!desk.data) return <PageLoading />;

  const panel = selected && (
    <OrderPanel
      key={selected.id}
      desk={desk.data}
      orderId={selected.id}
      format={format}
      now={now}
      printOnAccept={printOnAccept}
      onPrintOnAcceptChange={choosePrintOnAccept}
      onPrint={print}
    />
  );

  return (
    <div className="td-orders">
      <div className="td-orders__toolbar">
        <label className="td-orders__field td-orders__search">
          {t('filters.search')}
          <NativeInput type="search" value={search} placeholder={t('filters.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} testId="orders-search" />
        </label>
        <label className="td-orders__field">
          {t('filters.from')}
          <DateField value={from} max={to || undefined} onChange={setFrom} testId="orders-from" />
        </label>
        <label className="td-orders__field">
          {t('filters.to')}
          <DateField value={to} min={from || undefined} onChange={setTo} testId="orders-to" />
        </label>
        {(from || to || search) && (
          <Button
            onClick={() => {
              setFrom('');
              setTo('');
              setSearch('');
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
        <div className="td-orders__toolbar-end">
          <span className="td-orders__live" data-status={streamStatus} data-testid="orders-live" role="status">
            {t(`live.${streamStatus}`)}
          </span>
          {alerts.notifications === 'default' && <Button onClick={() => void enableNotifications()}>{t('alerts.enableNotifications')}</Button>}
          {/* Any tap turns the sound on (use-new-order-alerts.ts): this button is the tap to make. */}
          {!alerts.soundReady && <Button>{t('alerts.enableSound')}</Button>}
          <label className="td-orders__wake" data-testid="orders-wake-lock" data-held={wakeLock.held} title={wakeLock.supported ? undefined : t('wakeLock.unsupported')}>
            <input type="checkbox" checked={keepAwake && wakeLock.supported} disabled={!wakeLock.supported} onChange={(event) => chooseKeepAwake(event.target.checked)} />{' '}
            {t('wakeLock.label')}
          </label>
          <Button onClick={() => setExportRange(exportRange ? null : { from: from || localToday(timeZone, new Date()), to: to || localToday(timeZone, new Date()) })}>{t('export.button')}</Button>
          <Button type="primary" onClick={() => setPhoneOrderOpen(true)}>
            {t('phone.open')}
          </Button>
        </div>
      </div>

      {exportRange && (
        <form
          className="td-orders__toolbar"
          aria-label={t('export.title')}
          onSubmit={(event) => {
            event.preventDefault();
            void exportCsv();
          }}
        >
          <label className="td-orders__field">
            {t('export.from')}
            <DateField required value={exportRange.from} max={exportRange.to} onChange={(from) => setExportRange({ ...exportRange, from })} testId="export-from" />
          </label>
          <label className="td-orders__field">
            {t('export.to')}
            <DateField required value={exportRange.to} min={exportRange.from} onChange={(to) => setExportRange({ ...exportRange, to })} testId="export-to" />
          </label>
          <Button htmlType="submit" type="primary">
            {t('export.download')}
          </Button>
        </form>
      )}

      {streamStatus === 'offline' && (
        <Notice kind="warning" testId="orders-offline">
          {t('queue.offlineNotice')}
        </Notice>
      )}
      <Suspense fallback={null}>
        <OfflineLayer truckId={truckId} readStamp={readStamp} selectedId={selected?.id ?? null} />
      </Suspense>

      <div className="td-orders__tabs" role="tablist" aria-label={t('tabsLabel')}>
        {DASHBOARD_TAB_NAMES.map((name: DashboardTab) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`td-orders-tab-${name}`}
            aria-selected={name === tab}
            aria-controls="td-orders-tabpanel"
            className="td-orders__tab"
            data-tab={name}
            onClick={() => dispatch(setOrderActiveStatus(name))}
          >
            {t(`tabs.${name}`)}
            <span className="td-orders__count" data-count={count[name] ?? ''} data-testid={`orders-count-${name}`}>
              {count[name] === undefined ? '…' : format.count(count[name])}
            </span>
          </button>
        ))}
      </div>

      <div className="td-orders__body">
        <section ref={listRef} id="td-orders-tabpanel" role="tabpanel" aria-labelledby={`td-orders-tab-${tab}`} aria-busy={tabLoading}>
          {list.isError && <Notice kind="error">{t('list.loadFailed')}</Notice>}
          {list.isLoading ? (
            <Loading />
          ) : shown.length === 0 ? (
            <p className="td-loading">{t('list.empty')}</p>
          ) : (
            <OrderList orders={shown} selectedId={selected?.id ?? null} ringingIds={ringingIds} waitingIds={queued.waitingIds} format={format} now={now} onSelect={select} />
          )}
          {list.hasNextPage && (
            <Button block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('list.loadMore')}
            </Button>
          )}
        </section>
        {wide ? (
          <aside aria-label={t('panel.label')} aria-busy={orderLoading}>{panel ?? <p className="td-loading">{t('panel.nothingSelected')}</p>}</aside>
        ) : (
          <Drawer open={Boolean(selected)} onClose={() => dispatch(setSelectedOrder(null))} size="large" title={t('panel.label')} destroyOnHidden>
            {panel}
          </Drawer>
        )}
      </div>

      {phoneOrderOpen && (
        <Suspense fallback={null}>
          <PhoneOrderDialog
            desk={desk.data}
            format={format}
            onClose={() => setPhoneOrderOpen(false)}
            onPlaced={({ lines: _lines, history: _history, ...order }) => {
              setPhoneOrderOpen(false);
              dispatch(setOrderActiveStatus('in_progress'));
              dispatch(setSelectedOrder(order));
            }}
          />
        </Suspense>
      )}
      {ticket}
    </div>
  );
}
