/**
 * /home's figures, each summary in one round trip computed by PostgreSQL in the truck's time zone:
 * sales come from the rollups the database keeps (db/tables/home.ts), queues and papers from their
 * own indexed tables (orders, bookings). Open now and the trading rules are the shared domain functions.
 */
import { averageTicket } from '@domain/home/rules';
import { ADMIN_EXPIRING_LIMIT, revenueVisibleTo, ADMIN_WAITING_LIMIT, SALES_DAYS, TOP_ITEMS, TOP_ITEMS_DAYS, type AdminHome, type DayFigures, type TopItem, type TradingReason, type TruckHome } from '@domain/home';
import { openStatus, openStatusView } from '@domain/hours';
import { netSalesSql, type Currency } from '@domain/money';
import { documentAlerts, EXPIRY_WARNING_DAYS, localToday, tradingBlocks, TRUCK_STATUSES, type DocumentType, type TruckRelation, type TruckStatus } from '@domain/trucks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scheduleFrom, type ScheduleRow } from '../../db/queries/availability';
import type { TruckRow } from '../../platform/truck-access';

interface TruckFiguresRow {
  hourly: { hour: number; orders: number; revenue: number; tips: number; refunds: number }[] | null;
  daily: { date: string; orders: number; revenue: number }[] | null;
  last_week: { orders: number; revenue: number; tips: number };
  by_quantity: { itemId: string; nameEn: string; nameAr: string; quantity: number; revenue: number }[] | null;
  by_revenue: { itemId: string; nameEn: string; nameAr: string; quantity: number; revenue: number }[] | null;
  pending_orders: number;
  pending_bookings: number;
  documents: { type: DocumentType; expiryDate: string }[] | null;
  schedule: Pick<ScheduleRow, 'days' | 'exceptions'> | null;
}

/**
 * Every figure of a truck's home in one statement. `today` and the hour are the truck's local ones
 * at `now`; "last week" is the same local date minus seven days, up to the same local time (whole
 * hours from the rollup, the hour under way from the orders themselves).
 */
/** Net sales (revenue) of an order row, the money core's definition (decision 017): never its total. */
const NET_SALES = sql.raw(netSalesSql());

function truckFiguresQuery(truckId: string, timeZone: string, now: Date) {
  const at = now.toISOString();
  return sql`
    WITH clock AS (
      SELECT local_now, local_now::date AS local_today, extract(hour FROM local_now)::int AS local_hour
      FROM (SELECT ${at}::timestamptz AT TIME ZONE ${timeZone} AS local_now) AS l
    ),
    -- The rollups count an order from its placing; nobody has earned a pending one yet (decision 012),
    -- so the few waiting for an answer are taken back out here, by the rollups' own measures (net
    -- sales and tips apart, db 0016).
    pending AS (
      SELECT id, business_date, extract(hour FROM created_at AT TIME ZONE ${timeZone})::int AS hour, ${NET_SALES} AS net_sales, tip_minor, prices_include_tax
      FROM orders WHERE truck_id = ${truckId} AND tab = 'pending'
    ),
    items AS (
      SELECT item_id, (array_agg(name_en ORDER BY business_date DESC))[1] AS name_en, (array_agg(name_ar ORDER BY business_date DESC))[1] AS name_ar,
             sum(quantity)::int AS quantity, sum(revenue)::bigint AS revenue
      FROM (SELECT item_id, business_date, name_en, name_ar, quantity, revenue FROM order_item_sales_daily WHERE truck_id = ${truckId}
            UNION ALL
            SELECT l.item_id, p.business_date, l.name_en, l.name_ar, -l.qty, -(l.total - l.discount_minor - CASE WHEN p.prices_include_tax THEN l.tax_minor ELSE 0 END) FROM pending p JOIN order_lines l ON l.truck_id = ${truckId} AND l.order_id = p.id) AS sold, clock
      WHERE business_date BETWEEN local_today - ${TOP_ITEMS_DAYS - 1}::int AND local_today
      GROUP BY item_id
      HAVING sum(quantity) > 0
    ),
    earned AS (
      SELECT business_date, hour, sum(orders)::int AS orders, sum(revenue)::bigint AS revenue, sum(tips)::bigint AS tips, sum(refunds)::bigint AS refunds
      FROM (SELECT business_date, hour, orders, revenue, tips, refunds FROM order_sales_hourly WHERE truck_id = ${truckId}
            UNION ALL
            SELECT business_date, hour, -1, -net_sales, -tip_minor, 0 FROM pending) AS sold, clock
      WHERE business_date BETWEEN local_today - ${Math.max(SALES_DAYS - 1, 7)}::int AND local_today
      GROUP BY business_date, hour
    )
    SELECT
      (SELECT json_agg(json_build_object('hour', hour, 'orders', orders, 'revenue', revenue, 'tips', tips, 'refunds', refunds))
         FROM earned, clock WHERE business_date = local_today) AS hourly,
      (SELECT json_agg(json_build_object('date', business_date, 'orders', orders, 'revenue', revenue))
         FROM (SELECT business_date, sum(orders)::int AS orders, sum(revenue)::bigint AS revenue
               FROM earned, clock
               WHERE business_date BETWEEN local_today - ${SALES_DAYS - 1}::int AND local_today
               GROUP BY business_date) AS days) AS daily,
      (SELECT json_build_object('orders', coalesce(sum(orders), 0), 'revenue', coalesce(sum(revenue), 0), 'tips', coalesce(sum(tips), 0))
         FROM (SELECT orders, revenue, tips FROM earned, clock
               WHERE business_date = local_today - 7 AND hour < local_hour
               UNION ALL
               SELECT 1, ${NET_SALES}, tip_minor FROM orders, clock
               WHERE truck_id = ${truckId}
                 AND created_at >= (date_trunc('hour', local_now) - interval '7 days') AT TIME ZONE ${timeZone}
                 AND created_at < (local_now - interval '7 days') AT TIME ZONE ${timeZone}
                 AND td_home_is_sale(status) AND status <> 'pending') AS so_far) AS last_week,
      (SELECT json_agg(json_build_object('itemId', item_id, 'nameEn', name_en, 'nameAr', name_ar, 'quantity', quantity, 'revenue', revenue) ORDER BY quantity DESC, revenue DESC, item_id)
         FROM (SELECT * FROM items ORDER BY quantity DESC, revenue DESC, item_id LIMIT ${TOP_ITEMS}) AS top) AS by_quantity,
      (SELECT json_agg(json_build_object('itemId', item_id, 'nameEn', name_en, 'nameAr', name_ar, 'quantity', quantity, 'revenue', revenue) ORDER BY revenue DESC, quantity DESC, item_id)
         FROM (SELECT * FROM items ORDER BY revenue DESC, quantity DESC, item_id LIMIT ${TOP_ITEMS}) AS top) AS by_revenue,
      (SELECT count(*)::int FROM orders WHERE truck_id = ${truckId} AND tab = 'pending') AS pending_orders,
      (SELECT count(*)::int FROM bookings WHERE truck_id = ${truckId} AND tab = 'pending') AS pending_bookings,
      (SELECT json_agg(json_build_object('type', type, 'expiryDate', expiry_date)) FROM truck_documents WHERE truck_id = ${truckId}) AS documents,
      (SELECT json_build_object('days', days, 'exceptions', exceptions) FROM truck_schedules WHERE truck_id = ${truckId}) AS schedule`;
}

const plusDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Tips are not revenue (decision 017): apart from it, and seen by whom sees revenue. */
function figures(orders: number, revenue: number, tips: number, visible: boolean): DayFigures {
  return { orders, revenue: visible ? revenue : null, averageTicket: visible ? averageTicket(revenue, orders) : null, tips: visible ? tips : null };
}

export function createHomeService(app: FastifyInstance) {
  const { db } = app.database;

  /**
   * Kept in the read cache for the minute on the clock, until the truck (row, documents, hours) or its
   * orders change: every dashboard of a truck asks for the same figures, and the open-now rules are
   * the costly part. Opening hours change on the minute; a pause ends on its second, so whether it
   * is still running is part of the key.
   */
  async function truckHome(truck: TruckRow, relation: TruckRelation, now = new Date()): Promise<TruckHome> {
    const paused = truck.pausedUntil !== null && truck.pausedUntil > now;
    // Whether the caller sees revenue is part of the key: the owner's switch for staff changes the
    // truck row (its `truck:` notification drops the entry too), and no figure may outlive it.
    const revenue = revenueVisibleTo(relation, truck) ? 'revenue' : 'no-revenue';
    const key = `home:${truck.id}:${relation}:${revenue}:${Math.floor(now.getTime() / 60_000)}:${paused ? 'paused' : 'running'}`;
    const kept = await app.readCache.remember(key, [`truck:${truck.id}`, `orders:${truck.id}`, `bookings:${truck.id}`], () => computeTruckHome(truck, relation, now));
    return kept!;
  }

  async function computeTruckHome(truck: TruckRow, relation: TruckRelation, now: Date): Promise<TruckHome> {
    const rows = await db.execute<Record<keyof TruckFiguresRow, unknown>>(truckFiguresQuery(truck.id, truck.timeZone, now));
    const row = rows.rows[0] as unknown as TruckFiguresRow;
    const visible = revenueVisibleTo(relation, truck);
    const money = (minor: number) => (visible ? Number(minor) : null);
    const today = localToday(truck.timeZone, now);
    const documents = row.documents ?? [];

    const schedule = scheduleFrom(truck, row.schedule ?? undefined);
    const status = openStatus(schedule, now);
    const reasons: TradingReason[] = [...new Set(tradingBlocks({ status: truck.status, documents }, today).map((block) => block.code))];
    if (!status.open) reasons.push(status.reason);

    const hourly = Array.from({ length: 24 }, (_, hour) => {
      const found = row.hourly?.find((entry) => entry.hour === hour);
      return { hour, orders: found?.orders ?? 0, revenue: money(found?.revenue ?? 0) };
    });
    const daily = Array.from({ length: SALES_DAYS }, (_, index) => {
      const date = plusDays(today, index - (SALES_DAYS - 1));
      const found = row.daily?.find((entry) => entry.date === date);
      return { date, orders: found?.orders ?? 0, revenue: money(found?.revenue ?? 0) };
    });
    const todayOrders = hourly.reduce((sum, entry) => sum + entry.orders, 0);
    const todayRevenue = row.hourly?.reduce((sum, entry) => sum + Number(entry.revenue), 0) ?? 0;
    const todayTips = row.hourly?.reduce((sum, entry) => sum + Number(entry.tips), 0) ?? 0;
    const todayRefunds = row.hourly?.reduce((sum, entry) => sum + Number(entry.refunds), 0) ?? 0;
    const items = (list: TruckFiguresRow['by_quantity']): TopItem[] =>
      (list ?? []).map((item) => ({ ...item, quantity: Number(item.quantity), revenue: money(item.revenue) }));

    return {
      truckId: truck.id,
      nameEn: truck.nameEn,
      nameAr: truck.nameAr,
      status: truck.status,
      relation,
      currency: truck.currency as Currency,
      timeZone: truck.timeZone,
      today,
      asOf: now.toISOString(),
      open: openStatusView(status),
      pausedUntil: truck.pausedUntil && truck.pausedUntil > now ? truck.pausedUntil.toISOString() : null,
      taking: { now: reasons.length === 0, reasons },
      alerts: documentAlerts(documents, today),
      revenueVisible: visible,
      todayFigures: figures(todayOrders, todayRevenue, todayTips, visible),
      todayRefunds: money(todayRefunds),
      lastWeekFigures: figures(Number(row.last_week.orders), Number(row.last_week.revenue), Number(row.last_week.tips), visible),
      pending: { orders: row.pending_orders, bookings: row.pending_bookings },
      hourly,
      daily,
      // Without revenue, ranking by it would still tell it: staff get the quantities alone.
      topItems: { byQuantity: items(row.by_quantity), byRevenue: visible ? items(row.by_revenue) : [] },
      application: { status: truck.status, reviewNotes: truck.reviewNotes, submittedAt: truck.submittedAt?.toISOString() ?? null },
    };
  }

  async function adminHome(now = new Date()): Promise<AdminHome> {
    const at = now.toISOString();
    const { rows } = await db.execute<{ waiting: AdminHome['waiting']['items'] | null; waiting_total: number; by_status: { status: TruckStatus; count: number }[] | null; expiring: AdminHome['expiring'] | null }>(sql`
      SELECT
        (SELECT json_agg(json_build_object('truckId', id, 'nameEn', name_en, 'nameAr', name_ar, 'ownerEmail', email,
                                           'submittedAt', submitted_at, 'ageHours', floor(extract(epoch FROM ${at}::timestamptz - submitted_at) / 3600)::int)
                         ORDER BY submitted_at, id)
           FROM (SELECT t.id, t.name_en, t.name_ar, u.email, coalesce(t.submitted_at, t.created_at) AS submitted_at
                 FROM trucks t JOIN users u ON u.id = t.owner_id
                 WHERE t.status = 'submitted'
                 ORDER BY coalesce(t.submitted_at, t.created_at), t.id
                 LIMIT ${ADMIN_WAITING_LIMIT}) AS w) AS waiting,
        (SELECT count(*)::int FROM trucks WHERE status = 'submitted') AS waiting_total,
        (SELECT json_agg(json_build_object('status', status, 'count', n)) FROM (SELECT status, count(*)::int AS n FROM trucks GROUP BY status) AS s) AS by_status,
        (SELECT json_agg(json_build_object('truckId', truck_id, 'nameEn', name_en, 'nameAr', name_ar, 'type', type, 'expiryDate', expiry_date, 'daysLeft', days_left) ORDER BY days_left, name_en, type)
           FROM (SELECT d.truck_id, t.name_en, t.name_ar, d.type, d.expiry_date, d.expiry_date - (${at}::timestamptz AT TIME ZONE t.time_zone)::date AS days_left
                 FROM truck_documents d JOIN trucks t ON t.id = d.truck_id
                 WHERE t.status IN ('approved', 'suspended')
                   AND d.expiry_date <= (${at}::timestamptz AT TIME ZONE t.time_zone)::date + ${EXPIRY_WARNING_DAYS}::int
                 ORDER BY days_left, t.name_en, d.type
                 LIMIT ${ADMIN_EXPIRING_LIMIT}) AS e) AS expiring`);
    const row = rows[0]!;
    const counts = Object.fromEntries(TRUCK_STATUSES.map((status) => [status, row.by_status?.find((entry) => entry.status === status)?.count ?? 0])) as AdminHome['trucksByStatus'];
    return {
      asOf: at,
      waiting: { total: row.waiting_total, items: (row.waiting ?? []).map((item) => ({ ...item, submittedAt: new Date(item.submittedAt).toISOString() })) },
      trucksByStatus: counts,
      expiring: row.expiring ?? [],
    };
  }

  return { truckHome, computeTruckHome, adminHome };
}
