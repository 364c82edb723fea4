/**
 * The day's close in one statement: the sales of the truck's business days (orders.business_date, the
 * truck's local date, on the orders' (truck_id, business_date) index) summed by GROUPING SETS — totals,
 * by payment method, by source, by day — with the money core's net sales (netSalesSql, as /home) and
 * the refunds of those orders beside them.
 */
import { closeRange, CLOSE_FIGURES, EMPTY_FIGURES, type Close, type CloseFigures, type CloseQuery } from '@domain/close';
import { netSalesSql, type Currency } from '@domain/money';
import type { OrderSource, PaymentMethod } from '@domain/orders/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { TruckRow } from '../../platform/truck-access';

const NET_SALES = sql.raw(netSalesSql('o'));
/** What an order charged in all (the orders' `total` column, delivery fee, tax and tip included). */

interface Row {
  payment_method: PaymentMethod | null;
  source: OrderSource | null;
  day: string | null;
  g_method: number;
  g_source: number;
  g_day: number;
  orders: string;
  gross: string;
  discounts: string;
  net: string;
  tax: string;
  tips: string;
  fees: string;
  total: string;
  refunds: string;
  refunded_net: string;
}

function figuresOf(row: Row): CloseFigures {
  const net = Number(row.net);
  return {
    orders: Number(row.orders),
    grossSales: Number(row.gross),
    discounts: Number(row.discounts),
    netSales: net,
    tax: Number(row.tax),
    tips: Number(row.tips),
    deliveryFees: Number(row.fees),
    total: Number(row.total),
    refunds: Number(row.refunds),
    netSalesAfterRefunds: net - Number(row.refunded_net),
  };
}

export async function closeOf(db: Db, truck: Pick<TruckRow, 'id' | 'timeZone' | 'currency'>, query: CloseQuery): Promise<Close> {
  const { from, to } = closeRange(query);
  const result = await db.execute(sql`
    WITH sales AS (
      SELECT o.payment_method, o.source, o.business_date, ${NET_SALES} AS net, o.discount_minor, o.tax_minor, o.tip_minor, o.delivery_fee, o.total,
             o.refunded_minor, CASE WHEN o.refunded_minor > 0 THEN (SELECT sum(r.net_sales_minor) FROM order_refunds r WHERE r.truck_id = o.truck_id AND r.order_id = o.id) ELSE 0 END AS refunded_net
      FROM orders o
      WHERE o.truck_id = ${truck.id} AND o.business_date BETWEEN ${from}::date AND ${to}::date
        AND td_home_is_sale(o.status) AND o.status <> 'pending'
    )
    SELECT payment_method, source, business_date::text AS day,
           GROUPING(payment_method) AS g_method, GROUPING(source) AS g_source, GROUPING(business_date) AS g_day,
           count(*) AS orders, sum(net + discount_minor) AS gross, sum(discount_minor) AS discounts, sum(net) AS net,
           sum(tax_minor) AS tax, sum(tip_minor) AS tips, sum(delivery_fee) AS fees, sum(total) AS total,
           sum(refunded_minor) AS refunds, coalesce(sum(refunded_net), 0) AS refunded_net
    FROM sales
    GROUP BY GROUPING SETS ((), (payment_method), (source), (business_date))`);
  const rows = result.rows as unknown as Row[];
  const totalsRow = rows.find((row) => row.g_method === 1 && row.g_source === 1 && row.g_day === 1);
  return {
    from,
    to,
    timeZone: truck.timeZone,
    currency: truck.currency as Currency,
    // No sale at all: PostgreSQL's () set still answers one row, of count 0 and null sums.
    totals: totalsRow && Number(totalsRow.orders) > 0 ? figuresOf(totalsRow) : { ...EMPTY_FIGURES },
    byPaymentMethod: rows.filter((row) => row.g_method === 0).map((row) => ({ paymentMethod: row.payment_method!, ...figuresOf(row) })).sort((a, b) => a.paymentMethod.localeCompare(b.paymentMethod)),
    bySource: rows.filter((row) => row.g_source === 0).map((row) => ({ source: row.source!, ...figuresOf(row) })).sort((a, b) => a.source.localeCompare(b.source)),
    byDay: rows.filter((row) => row.g_day === 0).map((row) => ({ date: row.day!, ...figuresOf(row) })).sort((a, b) => a.date.localeCompare(b.date)),
  };
}

export { CLOSE_FIGURES };
