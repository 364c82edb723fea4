/**
 * The hours editor's working copy: what the vendor is typing, checked by the same contract the
 * server applies (so an overlap is named before saving), and turned into the body of the save.
 */
import type { Lang } from '@domain/errors';
import type { Hours, HoursUpdateInput, Schedule, Shift } from '@domain/hours';
import { WEEKDAYS, type Weekday } from '@domain/hours/weekdays';
import { issuesToFields } from '../../ui/messages';
import { fieldErrorsByPath, type FieldErrors } from '../../ui/field-errors';

/** Coordinates stay null until typed or picked on the map. */
export interface SpotDraft {
  address: string;
  lat: number | null;
  lng: number | null;
}

export interface ShiftDraft {
  /** Keeps React rows attached to their shift when one above is removed. */
  key: string;
  /** 'HH:MM' as a time input gives it; '' when cleared. */
  opens: string;
  closes: string;
  deliveryEnabled: boolean;
  spot: SpotDraft | null;
}

export interface ExceptionDraft {
  date: string;
  kind: 'closed' | 'shifts';
  shifts: ShiftDraft[];
}

export interface HoursDraft {
  timeZone: string;
  days: Record<Weekday, ShiftDraft[]>;
  /** In date order. */
  exceptions: ExceptionDraft[];
  version: number;
}

let lastKey = 0;
const newKey = () => `shift-${++lastKey}`;

function shiftDraft(shift: Shift): ShiftDraft {
  return { key: newKey(), opens: shift.opens, closes: shift.closes, deliveryEnabled: shift.deliveryEnabled, spot: shift.spot ? { ...shift.spot } : null };
}

export function draftOf(hours: Hours): HoursDraft {
  return {
    timeZone: hours.timeZone,
    days: Object.fromEntries(WEEKDAYS.map((day) => [day, hours.days[day].map(shiftDraft)])) as HoursDraft['days'],
    exceptions: Object.entries(hours.exceptions)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, exception]) => ({ date, kind: exception.kind, shifts: exception.kind === 'shifts' ? exception.shifts.map(shiftDraft) : [] })),
    version: hours.version,
  };
}

/** Blank fields go out missing, so the contract reports them as required rather than malformed (hence the casts below). */
function shiftInput(shift: ShiftDraft) {
  return {
    opens: shift.opens || undefined,
    closes: shift.closes || undefined,
    deliveryEnabled: shift.deliveryEnabled,
    ...(shift.spot ? { spot: { address: shift.spot.address, lat: shift.spot.lat ?? undefined, lng: shift.spot.lng ?? undefined } } : {}),
  };
}

export function updateOf(draft: HoursDraft): HoursUpdateInput {
  return {
    timeZone: draft.timeZone,
    days: Object.fromEntries(WEEKDAYS.map((day) => [day, draft.days[day].map(shiftInput)])),
    exceptions: Object.fromEntries(
      draft.exceptions.map((exception) => [
        exception.date,
        exception.kind === 'closed' ? { kind: 'closed' as const } : { kind: 'shifts' as const, shifts: exception.shifts.map(shiftInput) },
      ]),
    ),
    version: draft.version,
  } as HoursUpdateInput;
}

export interface CheckedDraft {
  errors: FieldErrors;
  /** The schedule the preview shows; null while the draft has errors. */
  schedule: Omit<Schedule, 'pausedUntil'> | null;
}

/**
 * The contract, and zod with it (23 KiB), load with the first change: the schedule the screen opens
 * on is the saved one, which passed it (decision 015).
 */
export const loadHoursContract = () => import('@domain/hours/hours-api.schema').then((contracts) => contracts.HoursUpdateSchema);
export type HoursContract = Awaited<ReturnType<typeof loadHoursContract>>;

/** The saved schedule, as checking its draft would give it. */
export function savedCheck(hours: Hours): CheckedDraft {
  return { errors: new Map(), schedule: { timeZone: hours.timeZone, days: hours.days, exceptions: hours.exceptions } };
}

export function checkDraft(draft: HoursDraft, lang: Lang, contract: HoursContract): CheckedDraft {
  const result = contract.safeParse(updateOf(draft), { reportInput: true });
  if (result.success) return { errors: new Map(), schedule: { timeZone: result.data.timeZone, days: result.data.days, exceptions: result.data.exceptions } };
  return { errors: fieldErrorsByPath(issuesToFields(result.error.issues, lang), lang), schedule: null };
}

const MINUTES_PER_DAY = 24 * 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A new shift: lunch on an empty day, else three hours from an hour after the last one closes. */
export function nextShift(shifts: readonly ShiftDraft[]): ShiftDraft {
  const last = shifts.at(-1);
  const opens = last && /^\d\d:\d\d$/.test(last.closes) ? timeOf(minutesOf(last.closes) + 60) : '11:00';
  return { key: newKey(), opens, closes: last ? timeOf(minutesOf(opens) + 180) : '15:00', deliveryEnabled: true, spot: null };
}

export function copiesOf(shifts: readonly ShiftDraft[]): ShiftDraft[] {
  return shifts.map((shift) => ({ ...shift, key: newKey(), spot: shift.spot ? { ...shift.spot } : null }));
}

/** `from`'s shifts replace those of every day in `to`. */
export function copyDay(draft: HoursDraft, from: Weekday, to: readonly Weekday[]): HoursDraft {
  const days = { ...draft.days };
  for (const day of to) if (day !== from) days[day] = copiesOf(draft.days[from]);
  return { ...draft, days };
}

export function sameUpdate(a: HoursDraft, b: HoursDraft): boolean {
  return JSON.stringify(updateOf(a)) === JSON.stringify(updateOf(b));
}
