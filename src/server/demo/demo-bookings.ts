/**
 * The demo truck's catering and event bookings: one or more in every status, three confirmed next
 * month (on the calendar), a quote that clashes with one of them (its warning shows), requests
 * waiting for an answer, and a past history of completed, declined, expired and cancelled ones.
 * Each has the history its status implies, numbered 1… in the order they were asked for.
 */
import { bookingWindow, PENDING_BOOKING_EXPIRY_DAYS, type BookingStatus } from '@domain/bookings';
import type { ServiceModel } from '@domain/bookings/contracts';
import { Temporal } from 'temporal-polyfill';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { bookingCounters, bookingHistory, bookings } from '../db/tables/bookings';

const TIME_ZONE = 'Asia/Kuwait';
const DAY_MS = 86_400_000;

interface DemoBooking {
  status: BookingStatus;
  /** Days from today (the truck's calendar) to the event, and to when it was asked for (negative: ago). */
  inDays: number;
  askedDaysAgo: number;
  start: string;
  end: string;
  setup: number;
  customer: string;
  phone: string;
  email: string;
  language: 'en' | 'ar';
  eventType: string;
  serviceModel: ServiceModel;
  address: string;
  guests: number;
  notes: string;
  budget: number | null;
  quote?: { amount: number; deposit: number; message: string };
  reason?: string;
  /** Next month's day instead of `inDays` (the calendar's month view). */
  nextMonthDay?: number;
}

const DEMO: DemoBooking[] = [
  { status: 'completed', inDays: -40, askedDaysAgo: 60, start: '17:00', end: '21:00', setup: 60, customer: 'Hessa Al-Kandari', phone: '+96555100001', email: 'hessa@example.com', language: 'en', eventType: 'Wedding', serviceModel: 'catering', address: 'Bayan Palace Hall, Bayan', guests: 220, notes: 'Shawarma and falafel stations', budget: 900_000, quote: { amount: 850_000, deposit: 250_000, message: 'Two stations, three staff.' } },
  { status: 'completed', inDays: -12, askedDaysAgo: 30, start: '12:00', end: '15:00', setup: 45, customer: 'Gulf Bank HR', phone: '+96555100002', email: 'events@gulfbank.example', language: 'en', eventType: 'Corporate lunch', serviceModel: 'catering', address: 'Gulf Bank HQ, Sharq', guests: 120, notes: '', budget: 400_000, quote: { amount: 380_000, deposit: 100_000, message: '' } },
  { status: 'declined', inDays: -5, askedDaysAgo: 20, start: '19:00', end: '23:00', setup: 60, customer: 'عمر صالح', phone: '+96555100003', email: 'omar@example.com', language: 'ar', eventType: 'عيد ميلاد', serviceModel: 'vending', address: 'الشويخ، قطعة ٣', guests: 40, notes: '', budget: 80_000, reason: 'Booked for a wedding that evening' },
  { status: 'expired', inDays: 3, askedDaysAgo: 12, start: '18:00', end: '21:00', setup: 60, customer: 'Layla Karam', phone: '+96555100004', email: 'layla@example.com', language: 'en', eventType: 'Engagement', serviceModel: 'catering', address: 'Salmiya, Block 10', guests: 80, notes: 'Vegetarian options', budget: null },
  { status: 'cancelled', inDays: 9, askedDaysAgo: 15, start: '16:00', end: '20:00', setup: 60, customer: 'Kuwait Marathon', phone: '+96555100005', email: 'crew@marathon.example', language: 'en', eventType: 'Race village', serviceModel: 'vending', address: 'Green Island', guests: 1500, notes: '', budget: null, quote: { amount: 300_000, deposit: 0, message: 'Pitch fee waived.' }, reason: 'The organisers moved the date' },
  { status: 'confirmed', inDays: 6, askedDaysAgo: 10, start: '19:00', end: '23:30', setup: 90, customer: 'نورة العنزي', phone: '+96555100006', email: 'noura@example.com', language: 'ar', eventType: 'حفل زفاف', serviceModel: 'catering', address: 'قاعة الراية، الشرق', guests: 300, notes: 'بدون بصل في الشاورما', budget: 1_200_000, quote: { amount: 1_100_000, deposit: 300_000, message: 'يشمل ثلاثة موظفين.' } },
  { status: 'confirmed', inDays: 0, nextMonthDay: 8, askedDaysAgo: 6, start: '18:00', end: '22:00', setup: 60, customer: 'Ahmad Al-Mutairi', phone: '+96555100007', email: 'ahmad@example.com', language: 'en', eventType: 'Graduation party', serviceModel: 'catering', address: 'Mishref, Block 4', guests: 150, notes: '', budget: 500_000, quote: { amount: 480_000, deposit: 120_000, message: '' } },
  { status: 'confirmed', inDays: 0, nextMonthDay: 15, askedDaysAgo: 5, start: '11:00', end: '15:00', setup: 60, customer: 'Avenues Mall Events', phone: '+96555100008', email: 'events@avenues.example', language: 'en', eventType: 'Food festival', serviceModel: 'vending', address: 'The Avenues, Grand Plaza', guests: 2000, notes: 'Bring the generator', budget: null, quote: { amount: 150_000, deposit: 0, message: 'Pitch for the day.' } },
  { status: 'confirmed', inDays: 0, nextMonthDay: 22, askedDaysAgo: 4, start: '20:00', end: '01:00', setup: 60, customer: 'يوسف الرشيدي', phone: '+96555100009', email: 'yousef@example.com', language: 'ar', eventType: 'غبقة رمضانية', serviceModel: 'catering', address: 'ديوانية الرشيدي، العديلية', guests: 90, notes: '', budget: 350_000, quote: { amount: 320_000, deposit: 80_000, message: '' } },
  // Overlaps the graduation party above (setup included): quoting it warned, confirming would be refused.
  { status: 'quoted', inDays: 0, nextMonthDay: 8, askedDaysAgo: 2, start: '21:00', end: '23:59', setup: 60, customer: 'Sara Haddad', phone: '+96555100010', email: 'sara@example.com', language: 'en', eventType: 'Birthday', serviceModel: 'vending', address: 'Jabriya, Block 7', guests: 60, notes: 'Late-night snacks', budget: 120_000, quote: { amount: 140_000, deposit: 40_000, message: 'We can come after another event that evening — confirm soon.' } },
  { status: 'quoted', inDays: 18, askedDaysAgo: 3, start: '07:30', end: '09:30', setup: 45, customer: 'Reem Nasser', phone: '+96555100011', email: 'reem@example.com', language: 'en', eventType: 'School open day', serviceModel: 'vending', address: 'British School of Kuwait, Salwa', guests: 400, notes: '', budget: null, quote: { amount: 90_000, deposit: 0, message: 'Pitch fee only.' } },
  { status: 'pending', inDays: 25, askedDaysAgo: 1, start: '19:00', end: '22:00', setup: 60, customer: 'فاطمة الصباح', phone: '+96555100012', email: 'fatima@example.com', language: 'ar', eventType: 'عقيقة', serviceModel: 'catering', address: 'الشعب، قطعة ٥', guests: 70, notes: 'ساندويتشات صغيرة للأطفال', budget: 200_000 },
  { status: 'pending', inDays: 33, askedDaysAgo: 0, start: '10:00', end: '14:00', setup: 60, customer: 'Khaled Al-Otaibi', phone: '+96555100013', email: 'khaled@example.com', language: 'en', eventType: 'Company family day', serviceModel: 'catering', address: 'Sheikh Jaber Al-Ahmad Cultural Centre', guests: 250, notes: '', budget: 700_000 },
  { status: 'pending', inDays: 47, askedDaysAgo: 0, start: '17:30', end: '20:30', setup: 30, customer: 'Mohammed Al-Ajmi', phone: '+96555100014', email: 'mohammed@example.com', language: 'en', eventType: 'Car club meet', serviceModel: 'vending', address: 'Kuwait Motor Town', guests: 300, notes: '', budget: null },
];

/** The actions that lead to a status, in order. */
const PATH: Record<BookingStatus, ('quote' | 'confirm' | 'complete' | 'decline' | 'expire' | 'cancel')[]> = {
  pending: [],
  quoted: ['quote'],
  confirmed: ['quote', 'confirm'],
  completed: ['quote', 'confirm', 'complete'],
  declined: ['decline'],
  expired: ['expire'],
  cancelled: ['quote', 'cancel'],
};
const STATUS_AFTER = { quote: 'quoted', confirm: 'confirmed', complete: 'completed', decline: 'declined', expire: 'expired', cancel: 'cancelled' } as const;

export async function seedDemoBookings(db: Db, truckId: string, vendorEmail: string, now = new Date()): Promise<void> {
  const [vendor] = await db.select({ id: users.id, name: users.fullName }).from(users).where(sql`lower(${users.email}) = lower(${vendorEmail})`);
  const { rows, history } = demoBookingRecords(truckId, vendor ? { id: vendor.id, name: vendor.name ?? vendorEmail } : undefined, now);
  await db.transaction(async (tx) => {
    await tx.insert(bookings).values(rows);
    await tx.insert(bookingHistory).values(history);
    await tx.insert(bookingCounters).values({ truckId, lastNumber: DEMO.length }).onConflictDoNothing();
  });
}

/**
 * The rows and histories of the demo bookings seeded on `now`'s day. Pure, so a test can try every
 * day of the year: the dates move with today, and the one clash must stay the only one whatever
 * day the demo is started on (a quote 18 days out once fell on a confirmed festival next month).
 */
export function demoBookingRecords(
  truckId: string,
  vendor: { id: string; name: string } | undefined,
  now: Date,
): { rows: (typeof bookings.$inferInsert)[]; history: (typeof bookingHistory.$inferInsert)[] } {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(TIME_ZONE).toPlainDate();
  const nextMonth = today.toPlainYearMonth().add({ months: 1 });
  const rows: (typeof bookings.$inferInsert)[] = [];
  const history: (typeof bookingHistory.$inferInsert)[] = [];

  DEMO.forEach((demo, index) => {
    const id = crypto.randomUUID();
    const eventDate = (demo.nextMonthDay ? nextMonth.toPlainDate({ day: demo.nextMonthDay }) : today.add({ days: demo.inDays })).toString();
    const window = bookingWindow({ id, eventDate, startTime: demo.start, endTime: demo.end, setupMinutes: demo.setup, timeZone: TIME_ZONE });
    const askedAt = new Date(now.getTime() - demo.askedDaysAgo * DAY_MS - (DEMO.length - index) * 60_000);
    const steps = PATH[demo.status];
    const stepAt = (i: number) => new Date(Math.min(now.getTime() - 60_000, askedAt.getTime() + (i + 1) * 0.2 * DAY_MS));
    const quoted = steps.includes('quote');
    const validUntil = demo.status === 'quoted' ? new Date(now.getTime() + 5 * DAY_MS) : new Date(stepAt(0).getTime() + 7 * DAY_MS);
    history.push({ truckId, bookingId: id, version: 0, status: 'pending', action: 'request', at: askedAt });
    steps.forEach((action, i) => {
      const person = action !== 'expire' && vendor;
      history.push({
        truckId,
        bookingId: id,
        version: i + 1,
        status: STATUS_AFTER[action],
        action,
        reason: action === 'decline' || action === 'cancel' ? (demo.reason ?? null) : null,
        actorId: person ? vendor.id : null,
        actorName: person ? vendor.name : null,
        at: stepAt(i),
      });
    });
    rows.push({
      truckId,
      id,
      number: index + 1,
      status: demo.status,
      customerName: demo.customer,
      customerPhone: demo.phone,
      customerEmail: demo.email,
      language: demo.language,
      eventType: demo.eventType,
      serviceModel: demo.serviceModel,
      eventDate,
      startTime: demo.start,
      endTime: demo.end,
      setupMinutes: demo.setup,
      timeZone: TIME_ZONE,
      windowStart: window.start,
      windowEnd: window.end,
      address: demo.address,
      guestCount: demo.guests,
      menuNotes: demo.notes,
      budget: demo.budget,
      currency: 'KWD',
      ...(quoted && demo.quote
        ? { quoteAmount: demo.quote.amount, quoteDeposit: demo.quote.deposit, quoteMessage: demo.quote.message, quoteValidUntil: validUntil }
        : {}),
      depositReceived: (demo.status === 'confirmed' || demo.status === 'completed') && (demo.quote?.deposit ?? 0) > 0,
      expiresAt: demo.status === 'pending' ? new Date(askedAt.getTime() + PENDING_BOOKING_EXPIRY_DAYS * DAY_MS) : demo.status === 'quoted' ? validUntil : null,
      createdAt: askedAt,
      updatedAt: steps.length > 0 ? stepAt(steps.length - 1) : askedAt,
      version: steps.length,
    });
  });
  return { rows, history };
}
