/**
 * The Saudi demo truck's history (issue 44): a few orders of the last days, completed and paid, each
 * a simplified tax invoice numbered 1, 2, 3… with ZATCA's phase-1 QR, as completing them in the app
 * would have left them (orders.service.ts issueInvoice); its invoice counter is where they left it.
 */
import { carriesZatcaQr, invoiceTotalMinor, sellerNameOf, zatcaQrOf } from '@domain/invoices';
import { orderTotals, taxSettingsOf } from '@domain/money';
import { localToday } from '@domain/trucks';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { orderDayCounters, orderHistory, orderLines, orders, truckInvoiceCounters } from '../db/tables/orders';
import { trucks } from '../db/tables/trucks';
import { dayOrderedPublicId, timeOrderedUuid } from '../db/time-ordered-id';

const ITEMS = [
  { id: '6d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a', nameEn: 'Lamb kebab plate', nameAr: 'طبق كباب لحم', price: 3_800 },
  { id: '7e2f3a4b-5c6d-4e7f-8a8b-9c0d1e2f3a4b', nameEn: 'Grilled chicken half', nameAr: 'نصف دجاجة مشوية', price: 2_900 },
  { id: '8f3a4b5c-6d7e-4f8a-9b9c-0d1e2f3a4b5c', nameEn: 'Laban', nameAr: 'لبن', price: 500 },
];

/** Days ago, hour (Riyadh), customer, lines as [item index, qty], payment. */
const HISTORY: [number, number, string, string, [number, number][], 'cash' | 'card'][] = [
  [3, 13, 'Abdullah Al-Qahtani', '+966551000001', [[0, 1], [2, 1]], 'cash'],
  [3, 19, 'Noura Al-Harbi', '+966551000002', [[1, 2]], 'card'],
  [2, 12, 'Faisal Al-Otaibi', '+966551000003', [[0, 2], [1, 1], [2, 3]], 'card'],
  [1, 20, 'Reem Al-Dosari', '+966551000004', [[1, 1], [2, 1]], 'cash'],
  [0, 12, 'Khalid Al-Shehri', '+966551000005', [[0, 1]], 'cash'],
];

export async function seedDemoInvoices(db: Db, truckId: string): Promise<void> {
  const [truck] = await db.select().from(trucks).where(eq(trucks.id, truckId));
  if (!truck) return;
  const [already] = await db.select().from(truckInvoiceCounters).where(eq(truckInvoiceCounters.truckId, truckId));
  if (already) return;
  const now = Date.now();
  const today = localToday(truck.timeZone, new Date(now));
  const dayNumbers = new Map<string, number>();
  await db.transaction(async (tx) => {
    let invoiceNumber = 0;
    for (const [daysAgo, hour, name, phone, picked, paymentMethod] of HISTORY) {
      // The hour in Riyadh (UTC+3, no daylight saving) of that local day.
      const day = new Date(`${today}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - daysAgo);
      const businessDate = day.toISOString().slice(0, 10);
      const placedAt = new Date(Math.min(now - 60 * 60_000, Date.parse(`${businessDate}T${String(hour).padStart(2, '0')}:00:00+03:00`)));
      const completedAt = new Date(placedAt.getTime() + 20 * 60_000);
      const number = (dayNumbers.get(businessDate) ?? 0) + 1;
      dayNumbers.set(businessDate, number);
      invoiceNumber += 1;
      const lines = picked.map(([index, qty]) => ({ item: ITEMS[index]!, qty }));
      const totals = orderTotals({
        currency: truck.currency,
        lines: lines.map(({ item, qty }) => ({ unitPriceMinor: item.price, quantity: qty, taxCategory: 'standard' as const })),
        deliveryFeeMinor: 0,
        tax: taxSettingsOf(truck),
      });
      const id = timeOrderedUuid(placedAt.getTime());
      const zatcaQr = carriesZatcaQr(truck)
        ? zatcaQrOf({
            sellerName: sellerNameOf(truck),
            vatNumber: truck.taxRegistrationNumber!,
            issuedAt: completedAt,
            totalMinor: invoiceTotalMinor({ total: totals.totalMinor, tip: totals.tipMinor }),
            vatMinor: totals.taxMinor,
            currency: 'SAR',
          })
        : null;
      await tx.insert(orders).values({
        truckId,
        id,
        publicId: dayOrderedPublicId(placedAt.getTime()),
        businessDate,
        number,
        status: 'completed',
        type: 'pickup',
        source: paymentMethod === 'cash' ? 'phone' : 'online',
        customerName: name,
        customerPhone: phone,
        itemCount: lines.reduce((sum, line) => sum + line.qty, 0),
        subtotal: totals.subtotalMinor,
        deliveryFee: 0,
        taxMinor: totals.taxMinor,
        taxRateBp: totals.taxRateBasisPoints,
        pricesIncludeTax: totals.pricesIncludeTax,
        total: totals.totalMinor,
        currency: truck.currency,
        paymentMethod,
        paymentStatus: 'paid',
        acceptBy: new Date(placedAt.getTime() + 10 * 60_000),
        acknowledgedAt: placedAt,
        createdAt: placedAt,
        updatedAt: completedAt,
        version: 4,
        invoiceNumber,
        invoicedAt: completedAt,
        invoiceTaxNumber: truck.taxRegistrationNumber,
        zatcaQr,
      });
      await tx.insert(orderLines).values(
        lines.map(({ item, qty }, lineNo) => ({
          truckId,
          orderId: id,
          lineNo,
          itemId: item.id,
          nameEn: item.nameEn,
          nameAr: item.nameAr,
          unitPrice: item.price,
          qty,
          options: [],
          total: totals.lines[lineNo]!.amountMinor,
          taxMinor: totals.lines[lineNo]!.taxMinor,
        })),
      );
      const steps = [
        ['pending', 'place', 0],
        ['accepted', 'accept', 1],
        ['preparing', 'start_preparing', 3],
        ['ready', 'mark_ready', 15],
        ['completed', 'complete', 20],
      ] as const;
      await tx.insert(orderHistory).values(
        steps.map(([status, action, minutes], version) => ({
          truckId,
          orderId: id,
          version,
          status,
          action,
          reason: null,
          actorId: null,
          actorName: version === 0 ? null : 'Demo Vendor',
          at: new Date(placedAt.getTime() + minutes * 60_000),
        })),
      );
    }
    for (const [businessDate, lastNumber] of dayNumbers) await tx.insert(orderDayCounters).values({ truckId, businessDate, lastNumber });
    await tx.insert(truckInvoiceCounters).values({ truckId, lastNumber: invoiceNumber });
  });
}
