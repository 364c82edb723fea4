/** Order rows as the API's contracts: the summary lists and events carry, the whole order the panel shows. */
import type { Order, OrderHistoryEntry, OrderLine, OrderMoney, OrderSummary } from '@domain/orders/contracts';
import { netSalesMinor, type Currency } from '@domain/money';
import type { orderHistory, orderLines, orders } from '../../db/tables/orders';
import { iso, toHistoryEntry as historyEntry } from '../../platform/history';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

/** The order's money as snapshotted at intake (decision 017). */
export function moneyOf(row: OrderRow): OrderMoney {
  return {
    subtotal: row.subtotal,
    discount: row.discountMinor,
    promotionCode: row.promotionCode,
    deliveryFee: row.deliveryFee,
    deliveryFeeTax: row.deliveryFeeTaxMinor,
    tax: row.taxMinor,
    taxRateBp: row.taxRateBp,
    pricesIncludeTax: row.pricesIncludeTax,
    tip: row.tipMinor,
    netSales: netSalesMinor({
      subtotalMinor: row.subtotal,
      discountMinor: row.discountMinor,
      taxMinor: row.taxMinor,
      deliveryFeeTaxMinor: row.deliveryFeeTaxMinor,
      pricesIncludeTax: row.pricesIncludeTax,
    }),
    total: row.total,
  };
}

export function toSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    truckId: row.truckId,
    publicId: row.publicId,
    number: row.number,
    businessDate: row.businessDate,
    status: row.status,
    type: row.type,
    source: row.source,
    customer: { name: row.customerName, phone: row.customerPhone },
    delivery:
      row.deliveryAddress === null
        ? null
        : { address: row.deliveryAddress, lat: row.deliveryLat ?? 0, lng: row.deliveryLng ?? 0, zoneName: row.zoneName ?? '' },
    itemCount: row.itemCount,
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    total: row.total,
    money: moneyOf(row),
    refundedMinor: row.refundedMinor,
    currency: row.currency as Currency,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    requestedTime: iso(row.requestedTime),
    estimatedReadyAt: iso(row.estimatedReadyAt),
    acceptBy: row.acceptBy.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toLine(row: OrderLineRow): OrderLine {
  return {
    itemId: row.itemId,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    unitPrice: row.unitPrice,
    qty: row.qty,
    options: row.options,
    note: row.note,
    total: row.total,
    taxCategory: row.taxCategory,
    discount: row.discountMinor,
    tax: row.taxMinor,
  };
}

export const toHistoryEntry = (row: OrderHistoryRow): OrderHistoryEntry => historyEntry(row);

/** The invoice as issued at completion (orders.service.ts invoiceOf); null before. */
export function invoiceOfRow(row: OrderRow): Order['invoice'] {
  if (row.invoiceNumber === null) return null;
  return {
    number: row.invoiceNumber,
    issuedAt: (row.invoicedAt ?? row.updatedAt).toISOString(),
    sellerName: row.invoiceSellerName ?? '',
    vatNumber: row.invoiceVatNumber,
    zatcaQr: row.zatcaQr,
  };
}

export function toOrder(row: OrderRow, lines: OrderLineRow[], history: OrderHistoryRow[]): Order {
  const invoice = invoiceOfRow(row);
  return { ...toSummary(row), lines: lines.map(toLine), history: history.map(toHistoryEntry), invoice };
}
