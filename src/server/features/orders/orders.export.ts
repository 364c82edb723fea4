/**
 * The orders of a date range as a CSV file that opens right in a spreadsheet, Arabic included:
 * UTF-8 with a byte-order mark (or Excel guesses the encoding), CRLF line ends, every field quoted,
 * and text that a spreadsheet would run as a formula made inert (CSV injection). Headings and
 * values are in the request's language (an item's count in its digits); amounts and dates are plain
 * decimals a spreadsheet can add up and sort.
 */
import { Readable } from 'node:stream';
import type { Lang } from '@domain/errors';
import { plainNumber } from '@domain/locale';
import type { OrderExportQuery } from '@domain/orders/contracts';
import { fromMinor, type Currency } from '@domain/money';
import { displayNumber } from '@domain/orders';
import { and, asc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../../db/database';
import { orderLines, orderRefunds, orders } from '../../db/tables/orders';
import { catalogue } from '../../platform/i18n';
import type { TruckRow } from '../../platform/truck-access';
import { localDateRange } from './local-dates';
import { moneyOf, type OrderLineRow, type OrderRow } from './orders.view';
import { nameIn, type Named } from '@domain/names';

const BATCH = 1000;
const BOM = '\uFEFF';
const CRLF = '\r\n';

const COLUMNS = [
  'number', 'date', 'time', 'status', 'type', 'customer', 'phone', 'address', 'zone', 'items',
  'subtotal', 'deliveryFee', 'total', 'currency', 'paymentMethod', 'paymentStatus', 'source',
  // The order's money (decision 017): tips apart, net sales as the domain defines them.
  'discount', 'promotionCode', 'tax', 'taxRate', 'pricesIncludeTax', 'tip', 'netSales',
  // Refunds apart (issue 44): the money given back, and net sales less the net sales in it.
  'refunded', 'netSalesAfterRefunds',
] as const;
type Column = (typeof COLUMNS)[number];

/** Headings and values in the request's language: csv.json of src/domain/i18n/<lang>/. */
type Labels = ReturnType<typeof catalogue<'csv'>>;

/** Cells a spreadsheet would read as a formula get a leading apostrophe (OWASP's advice for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${inert.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly string[]): string {
  return values.map(csvField).join(',') + CRLF;
}

function lineText(line: OrderLineRow, lang: Lang): string {
  const name = (named: Named) => nameIn(named, lang);
  const options = line.options.map(name).join(lang === 'ar' ? '، ' : ', ');
  return `${plainNumber(line.qty, lang)}× ${name(line)}${options ? ` (${options})` : ''}`;
}

function orderRow(order: OrderRow, lines: OrderLineRow[], refundedNetSales: number, truck: Pick<TruckRow, 'timeZone'>, labels: Labels, lang: Lang): string {
  const local = Temporal.Instant.fromEpochMilliseconds(order.createdAt.getTime()).toZonedDateTimeISO(truck.timeZone);
  const currency = order.currency as Currency;
  const values: Record<Column, string> = {
    number: displayNumber(order.number),
    date: local.toPlainDate().toString(),
    time: local.toPlainTime().toString({ smallestUnit: 'minute' }),
    status: labels.status[order.status],
    type: labels.type[order.type],
    customer: order.customerName,
    phone: order.customerPhone,
    address: order.deliveryAddress ?? '',
    zone: order.zoneName ?? '',
    items: lines.map((line) => lineText(line, lang)).join(lang === 'ar' ? '؛ ' : '; '),
    subtotal: fromMinor(order.subtotal, currency),
    deliveryFee: fromMinor(order.deliveryFee, currency),
    total: fromMinor(order.total, currency),
    currency,
    paymentMethod: labels.payment[order.paymentMethod],
    paymentStatus: labels.paid[order.paymentStatus],
    source: labels.source[order.source],
    discount: fromMinor(order.discountMinor, currency),
    promotionCode: order.promotionCode ?? '',
    tax: fromMinor(order.taxMinor, currency),
    // Basis points as a plain percentage: 1500 → 15, 825 → 8.25.
    taxRate: String(order.taxRateBp / 100),
    pricesIncludeTax: order.pricesIncludeTax ? labels.yes : labels.no,
    tip: fromMinor(order.tipMinor, currency),
    netSales: fromMinor(moneyOf(order).netSales, currency),
    refunded: fromMinor(order.refundedMinor, currency),
    netSalesAfterRefunds: fromMinor(moneyOf(order).netSales - refundedNetSales, currency),
  };
  return csvRow(COLUMNS.map((column) => values[column]));
}

/** The file, read from the database a batch at a time as the client downloads it. */
export function exportOrders(db: Db, truck: Pick<TruckRow, 'id' | 'timeZone'>, range: OrderExportQuery, lang: Lang): Readable {
  const labels = catalogue(lang, 'csv');
  const { start, end } = localDateRange(truck.timeZone, range.from, range.to);

  async function* chunks(): AsyncGenerator<string> {
    yield BOM + csvRow(COLUMNS.map((column) => labels.columns[column]));
    let after: Pick<OrderRow, 'createdAt' | 'id'> | null = null;
    for (;;) {
      const batch: OrderRow[] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.truckId, truck.id),
            gte(orders.createdAt, start!),
            lt(orders.createdAt, end!),
            after ? or(gt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id))) : undefined,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(BATCH);
      if (batch.length === 0) return;
      const lines = await db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.truckId, truck.id), inArray(orderLines.orderId, batch.map((order) => order.id))))
        .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
      const linesOf = new Map<string, OrderLineRow[]>();
      for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
      const refunded = batch.filter((order) => order.refundedMinor > 0).map((order) => order.id);
      const refundedNet = new Map<string, number>();
      if (refunded.length > 0) {
        const sums = await db
          .select({ orderId: orderRefunds.orderId, netSales: sql<string>`sum(${orderRefunds.netSalesMinor})` })
          .from(orderRefunds)
          .where(and(eq(orderRefunds.truckId, truck.id), inArray(orderRefunds.orderId, refunded)))
          .groupBy(orderRefunds.orderId);
        for (const { orderId, netSales } of sums) refundedNet.set(orderId, Number(netSales));
      }
      yield batch.map((order) => orderRow(order, linesOf.get(order.id) ?? [], refundedNet.get(order.id) ?? 0, truck, labels, lang)).join('');
      if (batch.length < BATCH) return;
      after = batch.at(-1)!;
    }
  }
  return Readable.from(chunks());
}

export function exportFileName(range: OrderExportQuery): string {
  return `orders-${range.from}-to-${range.to}.csv`;
}
