/** Booking rows as the API's contracts: the summary lists, the calendar and events carry, the whole booking the panel shows. */
import type { Booking, BookingHistoryEntry, BookingRef, BookingSummary } from '@domain/bookings/contracts';
import type { Currency } from '@domain/money';
import type { bookingHistory, bookings } from '../../db/tables/bookings';
import { iso, toHistoryEntry as historyEntry } from '../../platform/history';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingHistoryRow = typeof bookingHistory.$inferSelect;

export function toSummary(row: BookingRow): BookingSummary {
  return {
    id: row.id,
    truckId: row.truckId,
    number: row.number,
    status: row.status,
    customer: { name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    eventType: row.eventType,
    serviceModel: row.serviceModel,
    eventDate: row.eventDate,
    startTime: row.startTime,
    endTime: row.endTime,
    setupMinutes: row.setupMinutes,
    timeZone: row.timeZone,
    windowStart: row.windowStart.toISOString(),
    windowEnd: row.windowEnd.toISOString(),
    location: { address: row.address, lat: row.lat, lng: row.lng },
    guestCount: row.guestCount,
    menuNotes: row.menuNotes,
    budgetMinor: row.budget,
    currency: row.currency as Currency,
    quote:
      row.quoteAmount === null || row.quoteValidUntil === null
        ? null
        : { amountMinor: row.quoteAmount, depositMinor: row.quoteDeposit ?? 0, message: row.quoteMessage ?? '', validUntil: row.quoteValidUntil.toISOString() },
    depositReceived: row.depositReceived,
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export const toHistoryEntry = (row: BookingHistoryRow): BookingHistoryEntry => historyEntry(row);

export const toRef = (row: Pick<BookingRow, 'id' | 'number' | 'windowStart' | 'windowEnd'>): BookingRef => ({
  id: row.id,
  number: row.number,
  windowStart: row.windowStart.toISOString(),
  windowEnd: row.windowEnd.toISOString(),
});

export function toBooking(row: BookingRow, history: BookingHistoryRow[], clash: BookingRef | null): Booking {
  return { ...toSummary(row), history: history.map(toHistoryEntry), clash };
}
