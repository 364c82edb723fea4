/**
 * The demo truck's week and delivery zones: lunch in the city, a late shift in Salmiya running past
 * midnight (two parking spots), Monday off, a closed national holiday and a festival day with its
 * own hours, open all of today (the demo day), and three zones (a circle over the city, one following the truck, a polygon).
 * Parsed through the contracts, so the demo can never hold what the API would refuse.
 */
import { HoursUpdateSchema, WEEKDAYS, type Shift } from '@domain/hours';
import { DeliveryZoneSchema, type DeliveryZoneInput } from '@domain/zones';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/database';
import { truckSchedules } from '../db/tables/hours';
import { trucks } from '../db/tables/trucks';
import { deliveryZones } from '../db/tables/zones';

const TIME_ZONE = 'Asia/Kuwait';

const CITY_LUNCH_SPOT = { address: 'Al Hamra Tower plaza, Sharq', lat: 29.3789, lng: 47.993 };
const SALMIYA_SPOT = { address: 'Marina Crescent, Salmiya', lat: 29.3427, lng: 48.0905 };
const FESTIVAL_SPOT = { address: 'Shuwaikh Beach food truck festival', lat: 29.3556, lng: 47.9455 };

const lunch = (opens: string, closes: string): Shift => ({ opens, closes, deliveryEnabled: true, spot: CITY_LUNCH_SPOT });
const late = (opens: string, closes: string): Shift => ({ opens, closes, deliveryEnabled: true, spot: SALMIYA_SPOT });

const WEEK = {
  mon: [],
  tue: [lunch('11:30', '14:30'), late('18:00', '00:30')],
  wed: [lunch('11:30', '14:30'), late('18:00', '00:30')],
  thu: [lunch('11:30', '14:30'), late('19:00', '02:00')],
  // After the Friday prayer.
  fri: [lunch('13:00', '16:00'), late('19:00', '02:00')],
  sat: [late('17:00', '01:00')],
  sun: [lunch('11:30', '14:30'), late('18:00', '23:30')],
};

/**
 * Today open from the end of last night's late shift to midnight, whatever the weekday: whoever tries
 * the demo finds the truck taking orders (and the simulator's orders arriving) at any hour.
 */
function openToday(today: Temporal.PlainDate): Shift {
  const yesterday = WEEK[WEEKDAYS[today.subtract({ days: 1 }).dayOfWeek - 1]!];
  const spill = yesterday.filter((shift) => shift.closes <= shift.opens).map((shift) => shift.closes);
  const opens = spill.length > 0 ? spill.sort().at(-1)! : '00:00';
  return { opens, closes: '00:00', deliveryEnabled: true, spot: CITY_LUNCH_SPOT };
}

/** The next Kuwait National Day (25 February) and a Saturday festival in two weeks, from today in Kuwait. */
function exceptionsFrom(today: Temporal.PlainDate) {
  const thisYear = Temporal.PlainDate.from({ year: today.year, month: 2, day: 25 });
  const nationalDay = Temporal.PlainDate.compare(thisYear, today) >= 0 ? thisYear : thisYear.add({ years: 1 });
  const festival = today.add({ days: 14 + ((6 - today.dayOfWeek + 7) % 7) });
  return {
    [nationalDay.toString()]: { kind: 'closed' as const },
    [festival.toString()]: { kind: 'shifts' as const, shifts: [{ opens: '16:00', closes: '01:00', deliveryEnabled: false, spot: FESTIVAL_SPOT }] },
    [today.toString()]: { kind: 'shifts' as const, shifts: [openToday(today)] },
  };
}

/** Fees in fils (KWD has three decimals). */
const ZONES: DeliveryZoneInput[] = [
  {
    name: 'Kuwait City',
    shape: { kind: 'circle', center: { lat: 29.3759, lng: 47.9774 }, radiusM: 5000 },
    feeRules: [
      { when: 'above', subtotal: 10_000, fee: 0 },
      { when: 'all', fee: 750 },
    ],
    minimumOrder: 3000,
    estimatedMinutes: 30,
  },
  {
    name: 'Around the truck',
    shape: { kind: 'truck-stop-circle', radiusM: 2500 },
    feeRules: [{ when: 'all', fee: 500 }],
    minimumOrder: 2000,
    estimatedMinutes: 20,
  },
  {
    name: 'Salmiya & Hawalli',
    shape: {
      kind: 'polygon',
      coordinates: [
        [48.005, 29.35],
        [48.04, 29.358],
        [48.08, 29.352],
        [48.105, 29.335],
        [48.095, 29.312],
        [48.06, 29.305],
        [48.02, 29.31],
        [48.0, 29.328],
      ],
    },
    feeRules: [
      { when: 'above', subtotal: 15_000, fee: 500 },
      { when: 'all', fee: 1250 },
    ],
    minimumOrder: 5000,
    estimatedMinutes: 40,
  },
];

/** Does nothing when the truck is not there (the trucks' demo found no owner). */
export async function seedDemoHoursAndZones(db: Db, truckId: string, now = new Date()): Promise<void> {
  const [truck] = await db.select({ id: trucks.id }).from(trucks).where(eq(trucks.id, truckId));
  if (!truck) return;
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(TIME_ZONE).toPlainDate();
  const { days, exceptions } = HoursUpdateSchema.parse({ timeZone: TIME_ZONE, days: WEEK, exceptions: exceptionsFrom(today), version: 0 });
  await db.insert(truckSchedules).values({ truckId, days, exceptions }).onConflictDoNothing();
  await db.insert(deliveryZones).values(ZONES.map((zone) => ({ truckId, ...DeliveryZoneSchema.parse(zone) })));
}
