/**
 * Operating hours (docs/product.md §2.9): the schedule contract and the one shared answer to "open at
 * t?" and "next opening after t". The rules live in ./hours/; this is their public face.
 */
export { WEEKDAYS, type Weekday } from './weekdays';
export {
  MAX_SHIFTS_PER_DAY,
  ScheduleExceptionSchema,
  ShiftSchema,
  SpotSchema,
  TimeZoneSchema,
  WallTimeSchema,
  WeeklyScheduleSchema,
  type Schedule,
  type ScheduleException,
  type ScheduleInput,
  type Shift,
  type Spot,
} from './schedule.schema';
export type { ShiftOverlapCode } from './shift-overlaps';
export { MAX_SEARCH_DAYS, type ScheduledShift } from './shift-calendar';
export { toInstant, type InstantInput } from './wall-clock';
export {
  isOpenAt,
  nextChange,
  nextOpening,
  openStatus,
  type ClosedReason,
  type NextOpening,
  type OpenAt,
  type OpenStatus,
} from './open-status';
export {
  HoursSchema,
  HoursUpdateSchema,
  OpenStatusViewSchema,
  PauseSchema,
  openStatusView,
  scheduleOf,
  type Hours,
  type HoursUpdate,
  type HoursUpdateInput,
  type OpenStatusView,
  type Pause,
} from './hours-api.schema';
export { MAX_EXCEPTIONS, MAX_PAUSE_HOURS, PAUSE_MINUTES } from './limits';
export {
  SOON_MINUTES,
  STOP_DAY_KINDS,
  STOP_WEEK_DAYS,
  StopDaySchema,
  StopSchema,
  StopWeekSchema,
  stopTiming,
  stopWeek,
  upcomingStops,
  type Stop,
  type StopDay,
  type StopDayKind,
  type StopTiming,
  type StopWeek,
} from './stop-week';
