/**
 * /home, today at a glance (docs/product.md §3): what the truck summary and the admin summary answer,
 * and the pure rules behind them — which orders count as sales, the comparison with the same
 * weekday last week, who sees revenue, and an applicant's next step.
 */
import { z } from 'zod';
import { mayOnTruck } from '../access';
import { OpenStatusViewSchema } from '../hours';
import { CurrencySchema } from '../money';
import type { OrderStatus } from '../orders';
import { DocumentAlertSchema, DOCUMENT_TYPES, TRUCK_STATUSES, type TruckRelation } from '../trucks';

/**
 * Orders the business earned, which the figures count: accepted or later. A pending order is not
 * earned yet, and the three closed ends never will be (decision 012). The database's rollup
 * (migration `home_rollups`) leaves out the closed ends; the summary's query takes the pending out.
 */
export const NOT_EARNED_STATUSES = ['pending', 'rejected', 'cancelled', 'expired'] as const satisfies readonly OrderStatus[];

export const SALES_DAYS = 14;
export const TOP_ITEMS_DAYS = 7;
export const TOP_ITEMS = 5;
export const ADMIN_WAITING_LIMIT = 20;
export const ADMIN_EXPIRING_LIMIT = 50;

const IsoDateSchema = z.iso.date();
const TimestampSchema = z.iso.datetime({ offset: true });
const UuidSchema = z.uuid();
const CountSchema = z.int().nonnegative();
/** Minor units; null where the caller may not see revenue. */
const RevenueSchema = z.int().nonnegative().nullable();

/** `revenue`: net sales (decision 017). `tips`: what customers tipped, not revenue, shown apart; null like revenue. */
export const DayFiguresSchema = z.object({ orders: CountSchema, revenue: RevenueSchema, averageTicket: RevenueSchema, tips: RevenueSchema });
export type DayFigures = z.infer<typeof DayFiguresSchema>;

export const TopItemSchema = z.object({ itemId: UuidSchema, nameEn: z.string(), nameAr: z.string(), quantity: CountSchema, revenue: RevenueSchema });
export type TopItem = z.infer<typeof TopItemSchema>;

export const TRADING_REASONS = ['truck_not_approved', 'document_missing', 'document_expired', 'paused', 'closed', 'exception_closed'] as const;
export type TradingReason = (typeof TRADING_REASONS)[number];

export const TruckHomeSchema = z.object({
  truckId: UuidSchema,
  nameEn: z.string(),
  nameAr: z.string(),
  status: z.enum(TRUCK_STATUSES),
  /** How the caller reaches the truck: staff see no revenue unless the owner lets them (revenueVisibleTo). */
  relation: z.enum(['owner', 'staff', 'admin']),
  currency: CurrencySchema,
  timeZone: z.string(),
  /** The truck's local date and the instant the figures were taken at. */
  today: IsoDateSchema,
  asOf: TimestampSchema,
  open: OpenStatusViewSchema,
  pausedUntil: TimestampSchema.nullable(),
  /** Taking orders now, or the reasons it is not (papers and approval first, then the clock). */
  taking: z.object({ now: z.boolean(), reasons: z.array(z.enum(TRADING_REASONS)) }),
  alerts: z.array(DocumentAlertSchema),
  revenueVisible: z.boolean(),
  /** Net sales after refunds (revenue less the net sales given back on today's orders). */
  todayFigures: DayFiguresSchema,
  /** Money given back on today's orders (refunds, issue 44), apart: tax, tip and delivery fee included. */
  todayRefunds: RevenueSchema,
  /** The same weekday a week ago, up to the same local time of day. */
  lastWeekFigures: DayFiguresSchema,
  pending: z.object({ orders: CountSchema, bookings: CountSchema }),
  /** Today's orders by local hour, 0 to 23. */
  hourly: z.array(z.object({ hour: z.int().min(0).max(23), orders: CountSchema, revenue: RevenueSchema })),
  /** The last SALES_DAYS local days, oldest first, today included. */
  daily: z.array(z.object({ date: IsoDateSchema, orders: CountSchema, revenue: RevenueSchema })),
  topItems: z.object({ byQuantity: z.array(TopItemSchema), byRevenue: z.array(TopItemSchema) }),
  application: z.object({ status: z.enum(TRUCK_STATUSES), reviewNotes: z.string().nullable(), submittedAt: TimestampSchema.nullable() }),
});
export type TruckHome = z.infer<typeof TruckHomeSchema>;

export const AdminHomeSchema = z.object({
  asOf: TimestampSchema,
  waiting: z.object({
    total: CountSchema,
    /** Oldest first. */
    items: z.array(z.object({ truckId: UuidSchema, nameEn: z.string(), nameAr: z.string(), ownerEmail: z.string(), submittedAt: TimestampSchema, ageHours: CountSchema })),
  }),
  trucksByStatus: z.record(z.enum(TRUCK_STATUSES), CountSchema),
  /** Documents of approved or suspended trucks expiring within 30 days of each truck's local today (expired ones first). */
  expiring: z.array(
    z.object({ truckId: UuidSchema, nameEn: z.string(), nameAr: z.string(), type: z.enum(DOCUMENT_TYPES), expiryDate: IsoDateSchema, daysLeft: z.int() }),
  ),
});
export type AdminHome = z.infer<typeof AdminHomeSchema>;

/**
 * Revenue is for whom the truck's permissions give it (domain/access.ts 'revenue.view': the owner);
 * admins, looking after the platform, see it; staff see it only where the owner allows it (the
 * truck's `staffSeesRevenue`, the Team section's switch).
 */
export function revenueVisibleTo(relation: TruckRelation, truck: { staffSeesRevenue: boolean }): boolean {
  if (relation === 'admin' || mayOnTruck(relation, 'revenue.view')) return true;
  return relation === 'staff' && truck.staffSeesRevenue;
}
