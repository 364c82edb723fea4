/**
 * The demo truck's order history: the 60 days before today and today until 40 minutes ago, shaped like a Kuwait street-food truck's
 * trade — nothing on Mondays (its day off), busier Thursday to Saturday, a lunch rush and a longer
 * evening one, slowly growing — with most orders completed and some rejected, cancelled or expired,
 * a third delivered. Lines are taken from the demo menu as it was seeded (names and prices as
 * snapshots), every order has its full history, and the daily numbers restart each day.
 *
 * One INSERT … SELECT over generate_series writes orders, lines, history and day counters in a
 * single round trip, so a first start stays quick.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { menuItemsOf } from '../db/queries/menu';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { orderDayCounters, orderHistory, orderLines, orders } from '../db/tables/orders';
import { trucks } from '../db/tables/trucks';
import { recordRefund } from '../features/orders/orders.refunds';
import type { Actor } from '../platform/history';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO_HISTORY_DAYS = 60;

const CUSTOMERS = [
  'Fatima Al-Sabah', 'Ahmad Al-Mutairi', 'Noura Al-Enezi', 'Yousef Al-Rashidi', 'Sara Haddad', 'Mohammed Al-Ajmi',
  'Hessa Al-Kandari', 'Abdullah Al-Shammari', 'Reem Nasser', 'Omar Saleh', 'Layla Karam', 'Khaled Al-Otaibi',
  'فاطمة الصباح', 'أحمد المطيري', 'نورة العنزي', 'يوسف الرشيدي', 'سارة حداد', 'محمد العجمي', 'حصة الكندري',
  'عبدالله الشمري', 'ريم ناصر', 'عمر صالح',
];
const ADDRESSES = ['Block 2, Street 10, Sharq', 'Block 1, Street 5, Qibla', 'Al Hamra Tower, Sharq', 'Block 4, Dasman', 'Block 3, Street 14, Mirqab', 'Block 1, Bneid Al-Qar'];
/** The demo's city zone (demo-hours-zones.ts): its centre, fee and free-delivery threshold, in fils. */
const CITY = { lat: 29.3759, lng: 47.9774, zone: 'Kuwait City', fee: 750, freeFrom: 10_000 };

/** A line the history can hold: an item with the first choice of each required group, priced as the menu has it. */
async function lineCatalogue(db: Db, truckId: string) {
  const items = await menuItemsOf(db, truckId);
  return items.map((item) => {
    const options = item.optionGroups
      .filter((group) => group.required)
      .map((group) => {
        const option = group.options[0]!;
        return { groupId: group.id, groupNameEn: group.nameEn, groupNameAr: group.nameAr, optionId: option.id, nameEn: option.nameEn, nameAr: option.nameAr, priceDeltaMinor: option.priceDeltaMinor };
      });
    return { itemId: item.id, nameEn: item.nameEn, nameAr: item.nameAr, unitPrice: item.priceMinor + options.reduce((sum, option) => sum + option.priceDeltaMinor, 0), options };
  });
}

export async function seedDemoOrders(db: Db, truckId: string, vendorEmail: string, now = new Date()): Promise<void> {
  const catalogue = await lineCatalogue(db, truckId);
  if (catalogue.length === 0) return;
  const [vendor] = await db.select({ id: users.id, name: users.fullName }).from(users).where(sql`lower(${users.email}) = lower(${vendorEmail})`);
  const actorId = vendor?.id ?? null;
  const actorName = vendor ? (vendor.name ?? vendorEmail) : null;

  // A fixed seed makes the history the same for the same day: reproducible demos and tests.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.2026)`);
    await tx.execute(sql`
    WITH params AS (
      SELECT ${JSON.stringify(catalogue)}::jsonb AS items, ${catalogue.length}::int AS item_count,
             ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(CUSTOMERS)}::jsonb)) AS names,
             ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ADDRESSES)}::jsonb)) AS addresses,
             (SELECT time_zone FROM ${trucks} WHERE id = ${truckId}) AS tz, ${truckId}::uuid AS truck_id,
             (${now.toISOString()}::timestamptz AT TIME ZONE (SELECT time_zone FROM ${trucks} WHERE id = ${truckId}))::date AS today
    ),
    days AS (
      SELECT d::date AS day, extract(isodow FROM d)::int AS dow, row_number() OVER (ORDER BY d) AS k
      FROM params, generate_series((today - ${DEMO_HISTORY_DAYS}::int)::timestamp, today::timestamp, interval '1 day') AS d
    ),
    -- Orders a day: closed on Monday, busiest at the weekend (Thursday to Saturday), growing slowly.
    day_orders AS (
      SELECT day, generate_series(1, round(base * (0.8 + random() * 0.4) * (0.85 + k / 200.0))::int)
      FROM (SELECT day, k, CASE dow WHEN 1 THEN 0 WHEN 4 THEN 44 WHEN 5 THEN 56 WHEN 6 THEN 50 ELSE 32 END AS base FROM days) AS planned
    ),
    -- Three in ten at the lunch rush (11:30–14:30, peaking at one), the rest in the evening (18:00–00:30, peaking near nine).
    timed AS (
      SELECT day, gen_random_uuid() AS id,
             CASE WHEN random() < 0.3
               THEN interval '11 hours 30 minutes' + (random() + random() + random()) / 3 * interval '3 hours'
               ELSE interval '18 hours' + (random() + random()) / 2 * interval '6 hours 29 minutes'
             END AS local_time,
             random() AS r_status, random() AS r_type, random() AS r_pay, random() AS r_who, random() AS r_where,
             1 + floor(random() * random() * 4)::int AS line_count
      FROM day_orders
    ),
    placed AS (
      SELECT t.*, date_trunc('milliseconds', (t.day + t.local_time) AT TIME ZONE p.tz) AS created_at,
             row_number() OVER (PARTITION BY t.day ORDER BY t.local_time, t.id)::int AS number,
             CASE WHEN t.r_status < 0.03 THEN 'expired' WHEN t.r_status < 0.07 THEN 'rejected' WHEN t.r_status < 0.12 THEN 'cancelled' ELSE 'completed' END AS status,
             CASE WHEN t.r_type < 0.32 THEN 'delivery' ELSE 'pickup' END AS type
      FROM timed t, params p
      -- Today's orders so far, all handled: the ones still open come from the simulator (demo-simulator.ts).
      WHERE (t.day + t.local_time) AT TIME ZONE p.tz < ${now.toISOString()}::timestamptz - interval '40 minutes'
    ),
    lines AS (
      SELECT o.id AS order_id, (g - 1)::smallint AS line_no, p.items -> floor(random() * p.item_count)::int AS item,
             1 + floor(random() * random() * 3)::int AS qty
      FROM placed o, params p, generate_series(1, o.line_count) AS g
    ),
    totals AS (
      SELECT order_id, sum((item ->> 'unitPrice')::bigint * qty) AS subtotal, sum(qty)::int AS item_count FROM lines GROUP BY order_id
    ),
    final AS (
      SELECT o.*, t.subtotal, t.item_count,
             CASE WHEN o.type = 'delivery' AND t.subtotal < ${CITY.freeFrom} THEN ${CITY.fee} ELSE 0 END AS delivery_fee,
             p.names[1 + floor(o.r_who * array_length(p.names, 1))::int] AS customer_name,
             '+965' || (ARRAY['5', '6', '9'])[1 + floor(o.r_who * 3)::int] || lpad(floor(o.r_where * 10000000)::text, 7, '0') AS customer_phone,
             p.addresses[1 + floor(o.r_where * array_length(p.addresses, 1))::int] AS address
      FROM placed o JOIN totals t ON t.order_id = o.id, params p
    ),
    new_orders AS (
      INSERT INTO ${orders} (truck_id, id, business_date, number, status, type, source, customer_name, customer_phone,
        delivery_address, delivery_lat, delivery_lng, zone_name, item_count, subtotal, delivery_fee, total, currency,
        payment_method, payment_status, requested_time, estimated_ready_at, accept_by, acknowledged_at, created_at, updated_at, version)
      SELECT p.truck_id, f.id, f.day, f.number, f.status, f.type, CASE WHEN f.r_pay > 0.93 THEN 'phone' ELSE 'online' END,
             f.customer_name, f.customer_phone,
             CASE WHEN f.type = 'delivery' THEN f.address END,
             CASE WHEN f.type = 'delivery' THEN ${CITY.lat} + (f.r_where - 0.5) * 0.04 END,
             CASE WHEN f.type = 'delivery' THEN ${CITY.lng} + (f.r_who - 0.5) * 0.04 END,
             CASE WHEN f.type = 'delivery' THEN ${CITY.zone} END,
             f.item_count, f.subtotal, f.delivery_fee, f.subtotal + f.delivery_fee, 'KWD',
             CASE WHEN f.r_pay < 0.4 THEN 'cash' WHEN f.r_pay < 0.85 THEN 'card' ELSE 'online' END,
             CASE WHEN f.status = 'completed' THEN 'paid' ELSE 'unpaid' END,
             NULL,
             CASE WHEN f.status IN ('completed', 'cancelled') THEN f.created_at + interval '16 minutes' END,
             f.created_at + interval '10 minutes',
             f.created_at + interval '1 minute',
             f.created_at,
             f.created_at + CASE f.status WHEN 'expired' THEN interval '10 minutes' WHEN 'rejected' THEN interval '2 minutes'
               WHEN 'cancelled' THEN interval '6 minutes' ELSE CASE f.type WHEN 'delivery' THEN interval '45 minutes' ELSE interval '22 minutes' END END,
             CASE f.status WHEN 'expired' THEN 1 WHEN 'rejected' THEN 1 WHEN 'cancelled' THEN 2 ELSE CASE f.type WHEN 'delivery' THEN 5 ELSE 4 END END
      FROM final f, params p
      RETURNING id
    ),
    new_lines AS (
      INSERT INTO ${orderLines} (truck_id, order_id, line_no, item_id, name_en, name_ar, unit_price, qty, options, note, total)
      SELECT p.truck_id, l.order_id, l.line_no, (l.item ->> 'itemId')::uuid, l.item ->> 'nameEn', l.item ->> 'nameAr',
             (l.item ->> 'unitPrice')::bigint, l.qty, l.item -> 'options', '', (l.item ->> 'unitPrice')::bigint * l.qty
      FROM lines l, params p
      WHERE l.order_id IN (SELECT id FROM new_orders)
      RETURNING order_id
    ),
    new_history AS (
      INSERT INTO ${orderHistory} (truck_id, order_id, version, status, action, reason, actor_id, actor_name, at)
      SELECT p.truck_id, f.id, h.version, h.status, h.action, h.reason,
             CASE WHEN h.by_person THEN ${actorId}::uuid END, CASE WHEN h.by_person THEN ${actorName}::text END,
             f.created_at + h.minutes * interval '1 minute'
      FROM final f, params p, LATERAL (VALUES
        (0, 'pending', 'place', NULL, 0.0, false, true),
        (1, 'expired', 'expire', NULL, 10.0, false, f.status = 'expired'),
        (1, 'rejected', 'reject', 'Too busy right now', 2.0, true, f.status = 'rejected'),
        (1, 'accepted', 'accept', NULL, 1.5, true, f.status IN ('completed', 'cancelled')),
        (2, 'cancelled', 'cancel', 'The customer asked', 6.0, true, f.status = 'cancelled'),
        (2, 'preparing', 'start_preparing', NULL, 3.0, true, f.status = 'completed'),
        (3, 'ready', 'mark_ready', NULL, 15.0, true, f.status = 'completed'),
        (4, 'out_for_delivery', 'send_out', NULL, 18.0, true, f.status = 'completed' AND f.type = 'delivery'),
        (4, 'completed', 'complete', NULL, 22.0, true, f.status = 'completed' AND f.type = 'pickup'),
        (5, 'completed', 'complete', NULL, 45.0, true, f.status = 'completed' AND f.type = 'delivery')
      ) AS h(version, status, action, reason, minutes, by_person, applies)
      WHERE h.applies AND f.id IN (SELECT id FROM new_orders)
      RETURNING order_id
    )
    INSERT INTO ${orderDayCounters} (truck_id, business_date, last_number)
    SELECT p.truck_id, f.day, max(f.number) FROM final f, params p
    WHERE (SELECT count(*) FROM new_lines) > 0 AND (SELECT count(*) FROM new_history) > 0
    GROUP BY p.truck_id, f.day
    ON CONFLICT DO NOTHING`);
    await seedDemoRefund(tx, truckId, actorId === null ? null : { userId: actorId }, now);
  });
}

/**
 * One refunded order in the history (issue 44): yesterday's last completed order with more than one
 * unit gets one unit of its first line given back, as the owner would from the order panel — the
 * domain's rule, a 'refund' history entry and the rollups' trigger, all as the API writes them.
 */
async function seedDemoRefund(tx: Tx, truckId: string, actor: Actor | null, now: Date): Promise<void> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.truckId, truckId),
        eq(orders.status, 'completed'),
        lt(orders.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
        sql`EXISTS (SELECT 1 FROM ${orderLines} l WHERE l.truck_id = ${orders.truckId} AND l.order_id = ${orders.id} AND l.line_no = 0 AND l.qty > 1)`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .for('update');
  if (!row) return;
  await recordRefund(tx, row, { kind: 'lines', lines: [{ lineNo: 0, qty: 1 }] }, DEMO_REFUND_REASON, actor, new Date(row.updatedAt.getTime() + 20 * 60_000), 'en');
}

export const DEMO_REFUND_REASON = 'One arrived cold';
