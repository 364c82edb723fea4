import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_ACTIONS,
  BOOKING_STATUSES,
  BOOKING_TABS,
  BookingActionSchema,
  MANUAL_BOOKING_ACTIONS,
  QuoteSchema,
  allowedBookingActions,
  bookingWindow,
  findClash,
  windowsOverlap,
  eventDateProblem,
  quoteSchemaAt,
  transitionBooking,
  type BookingActionName,
  type BookingCommand,
  type BookingSlot,
  type BookingState,
  type BookingStatus,
} from './index';
import { issuesToFields } from '../validation';
import enErrors from '../i18n/en/errors.json';
import enFields from '../i18n/en/fields.json';

const english = { lang: 'en' as const, errors: enErrors, fields: enFields };

const NOW = new Date('2025-05-01T12:00:00.000Z');
const inHours = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

const QUOTE = { amountMinor: 450_000, depositMinor: 100_000, message: 'Shawarma for 80 guests', validUntil: inHours(72) };

/** A valid payload for each action, so only the status (and the quote's validity) decides. */
const SAMPLE: Record<BookingActionName, BookingCommand> = {
  quote: { action: 'quote', quote: QUOTE },
  decline: { action: 'decline', reason: 'Fully booked that weekend' },
  confirm: { action: 'confirm' },
  complete: { action: 'complete' },
  cancel: { action: 'cancel', reason: 'Host cancelled the event' },
  expire: { action: 'expire' },
};

/** docs/product.md §2.7, read independently of the implementation's table. */
const LEGAL: Partial<Record<`${BookingStatus} ${BookingActionName}`, BookingStatus>> = {
  'pending quote': 'quoted',
  'pending decline': 'declined',
  'pending expire': 'expired',
  'quoted confirm': 'confirmed',
  'quoted expire': 'expired',
  'quoted cancel': 'cancelled',
  'confirmed complete': 'completed',
  'confirmed cancel': 'cancelled',
};

const quoted = (validUntil: string): BookingState => ({ status: 'quoted', quote: { validUntil } });

function fieldsOf(result: ReturnType<typeof transitionBooking>) {
  if (result.ok || result.code !== 'validation_failed') throw new Error(`expected a validation failure, got ${JSON.stringify(result)}`);
  return issuesToFields(result.issues, english);
}

describe('transitionBooking: every status × action', () => {
  const pairs = BOOKING_STATUSES.flatMap((status) => BOOKING_ACTIONS.map((action) => [status, action] as const));

  it.each(pairs)('%s + %s', (status, action) => {
    const next = LEGAL[`${status} ${action}`] ?? null;
    const result = transitionBooking({ status, quote: { validUntil: inHours(24) } }, SAMPLE[action], NOW);
    if (next === null) {
      expect(result).toEqual({ ok: false, code: 'illegal_transition', from: status, action });
    } else {
      expect(result).toMatchObject({ ok: true, status: next, historyEntry: { status: next, action } });
    }
  });
});

describe('quote', () => {
  it('returns the parsed quote to store', () => {
    expect(transitionBooking({ status: 'pending' }, { action: 'quote', quote: { ...QUOTE, message: '  See you there  ' } }, NOW)).toEqual({
      ok: true,
      status: 'quoted',
      quote: { ...QUOTE, message: 'See you there' },
      historyEntry: { status: 'quoted', action: 'quote' },
    });
  });

  it('takes a deposit up to the whole amount, or none, and no message', () => {
    const { message: _, ...withoutMessage } = QUOTE;
    expect(QuoteSchema.parse({ ...withoutMessage, depositMinor: 0 })).toEqual({ ...withoutMessage, depositMinor: 0, message: '' });
    expect(QuoteSchema.safeParse({ ...QUOTE, depositMinor: QUOTE.amountMinor }).success).toBe(true);
  });

  it('refuses a deposit above the amount', () => {
    const result = transitionBooking({ status: 'pending' }, { action: 'quote', quote: { ...QUOTE, depositMinor: 450_001 } }, NOW);
    expect(fieldsOf(result)).toMatchObject([{ path: 'quote.depositMinor', code: 'deposit_exceeds_amount' }]);
  });

  it.each([inHours(-1), NOW.toISOString()])('refuses a quote valid until %s (not in the future)', (validUntil) => {
    const result = transitionBooking({ status: 'pending' }, { action: 'quote', quote: { ...QUOTE, validUntil } }, NOW);
    expect(fieldsOf(result)).toMatchObject([{ path: 'quote.validUntil', code: 'valid_until_past' }]);
  });

  it('checks the time only with a clock: QuoteSchema is static, quoteSchemaAt adds now', () => {
    const stale = { ...QUOTE, validUntil: '2020-01-01T00:00:00Z' };
    expect(QuoteSchema.safeParse(stale).success).toBe(true);
    expect(quoteSchemaAt(NOW).safeParse(stale).success).toBe(false);
    expect(quoteSchemaAt(new Date('2019-12-31T00:00:00Z')).safeParse(stale).success).toBe(true);
    expect(QuoteSchema.safeParse(stale).success).toBe(true);
  });

  it.each([
    ['a zero amount', { ...QUOTE, amountMinor: 0 }],
    ['a fractional amount', { ...QUOTE, amountMinor: 4500.5 }],
    ['a negative deposit', { ...QUOTE, depositMinor: -1 }],
    ['a time without offset', { ...QUOTE, validUntil: '2025-05-04T12:00:00' }],
    ['a date alone', { ...QUOTE, validUntil: '2025-05-04' }],
    ['too long a message', { ...QUOTE, message: 'x'.repeat(2001) }],
    ['an unknown field', { ...QUOTE, currency: 'KWD' }],
  ])('refuses %s', (_, quote) => {
    expect(QuoteSchema.safeParse(quote).success).toBe(false);
  });
});

describe('confirm', () => {
  it('confirms while the quote is valid', () => {
    expect(transitionBooking(quoted(inHours(1)), SAMPLE.confirm, NOW)).toEqual({
      ok: true,
      status: 'confirmed',
      historyEntry: { status: 'confirmed', action: 'confirm' },
    });
  });

  it.each([inHours(-1), NOW.toISOString()])('refuses a quote that ran out at %s', (validUntil) => {
    expect(transitionBooking(quoted(validUntil), SAMPLE.confirm, NOW)).toEqual({ ok: false, code: 'quote_expired', validUntil });
  });

  it('refuses when no quote is on record', () => {
    expect(transitionBooking({ status: 'quoted' }, SAMPLE.confirm, NOW)).toEqual({ ok: false, code: 'quote_expired', validUntil: null });
  });
});

describe('reasons', () => {
  it.each([
    ['pending', 'decline'],
    ['quoted', 'cancel'],
    ['confirmed', 'cancel'],
  ] as const)('a %s booking needs a reason to %s', (status, action) => {
    const result = transitionBooking({ status, quote: { validUntil: inHours(1) } }, { action, reason: '  ' }, NOW);
    expect(fieldsOf(result)).toMatchObject([{ path: 'reason', code: 'reason_required' }]);
  });

  it('keeps the reason, trimmed, in the history entry', () => {
    expect(transitionBooking({ status: 'confirmed' }, { action: 'cancel', reason: ' Storm warning ' }, NOW)).toEqual({
      ok: true,
      status: 'cancelled',
      historyEntry: { status: 'cancelled', action: 'cancel', reason: 'Storm warning' },
    });
  });
});

describe('allowedBookingActions', () => {
  it('offers what the panel shows', () => {
    expect(allowedBookingActions({ status: 'pending' }, NOW)).toEqual(['quote', 'decline']);
    expect(allowedBookingActions(quoted(inHours(1)), NOW)).toEqual(['confirm', 'cancel']);
    expect(allowedBookingActions(quoted(inHours(-1)), NOW)).toEqual(['cancel']);
    expect(allowedBookingActions({ status: 'confirmed' }, NOW)).toEqual(['complete', 'cancel']);
    for (const status of ['completed', 'declined', 'expired', 'cancelled'] as const) {
      expect(allowedBookingActions({ status }, NOW)).toEqual([]);
    }
  });

  it('is exactly the set of manual actions that transitionBooking accepts (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOKING_STATUSES),
        fc.option(fc.integer({ min: -48, max: 48 }), { nil: undefined }),
        (status, validForHours) => {
          const booking: BookingState = validForHours === undefined ? { status } : { status, quote: { validUntil: inHours(validForHours) } };
          const accepted = MANUAL_BOOKING_ACTIONS.filter((action) => transitionBooking(booking, SAMPLE[action], NOW).ok);
          expect(new Set(allowedBookingActions(booking, NOW))).toEqual(new Set(accepted));
        },
      ),
    );
  });

  it('never offers expire, which only the job sends', () => {
    expect(MANUAL_BOOKING_ACTIONS).not.toContain('expire');
    expect(allowedBookingActions({ status: 'pending' }, NOW)).not.toContain('expire');
  });
});

describe('BookingActionSchema', () => {
  it('parses an action with the version the person saw, usable by transitionBooking', () => {
    const action = BookingActionSchema.parse({ action: 'quote', quote: QUOTE, version: 2 });
    expect(transitionBooking({ status: 'pending' }, action, NOW)).toMatchObject({ ok: true, status: 'quoted' });
  });

  it.each([
    ['no version', { action: 'confirm' }],
    ['expire, which is not a person’s', { action: 'expire', version: 1 }],
    ['an unknown field', { action: 'complete', version: 1, note: 'done' }],
    ['a deposit above the amount', { action: 'quote', quote: { ...QUOTE, depositMinor: 500_000 }, version: 1 }],
    ['a missing reason', { action: 'decline', version: 1 }],
  ])('refuses %s', (_, body) => {
    expect(BookingActionSchema.safeParse(body).success).toBe(false);
  });
});

describe('booking tabs', () => {
  it('show every status in exactly one tab', () => {
    const shown = Object.values(BOOKING_TABS).flat();
    expect([...shown].sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it('are in display order, pending first and by default', () => {
    expect(Object.keys(BOOKING_TABS)).toEqual(['pending', 'quoted', 'confirmed', 'completed', 'closed']);
  });

  it.each([
    ['pending', 'pending'],
    ['quoted', 'quoted'],
    ['confirmed', 'confirmed'],
    ['completed', 'completed'],
    ['declined', 'closed'],
    ['expired', 'closed'],
    ['cancelled', 'closed'],
  ] as const)('put %s under %s', (status, tab) => {
    expect(Object.entries(BOOKING_TABS).find(([, statuses]) => (statuses as readonly string[]).includes(status))?.[0]).toBe(tab);
  });
});

function slot(id: string, eventDate: string, startTime: string, endTime: string, setupMinutes = 0, timeZone = 'Asia/Kuwait'): BookingSlot {
  return { id, eventDate, startTime, endTime, setupMinutes, timeZone };
}

const iso = (window: { start: Date; end: Date }) => ({ start: window.start.toISOString(), end: window.end.toISOString() });

describe('bookingWindow', () => {
  it('starts setup minutes before the event, in the truck’s time zone', () => {
    expect(iso(bookingWindow(slot('a', '2025-06-10', '18:00', '22:00', 60)))).toEqual({
      start: '2025-06-10T14:00:00.000Z',
      end: '2025-06-10T19:00:00.000Z',
    });
  });

  it('ends the next day when the end is not after the start', () => {
    expect(iso(bookingWindow(slot('a', '2025-06-10', '20:00', '01:00')))).toEqual({
      start: '2025-06-10T17:00:00.000Z',
      end: '2025-06-10T22:00:00.000Z',
    });
  });

  it('resolves a wall time skipped by daylight saving forward, and counts setup in real minutes', () => {
    // New York, 9 March 2025: 02:00 EST jumps to 03:00 EDT.
    expect(iso(bookingWindow(slot('a', '2025-03-09', '02:30', '05:00', 60, 'America/New_York')))).toEqual({
      start: '2025-03-09T06:30:00.000Z',
      end: '2025-03-09T09:00:00.000Z',
    });
    expect(bookingWindow(slot('b', '2025-03-09', '03:30', '05:00', 90, 'America/New_York')).start.toISOString()).toBe('2025-03-09T06:00:00.000Z');
  });

  it('takes the first of a wall time repeated by daylight saving', () => {
    // London, 26 October 2025: 01:00–02:00 happens twice, first in BST (UTC+1).
    expect(bookingWindow(slot('a', '2025-10-26', '01:30', '03:00', 0, 'Europe/London')).start.toISOString()).toBe('2025-10-26T00:30:00.000Z');
  });
});

describe('findClash', () => {
  const wedding = slot('wedding', '2025-06-10', '18:00', '22:00', 60);

  it('finds a confirmed booking whose window overlaps', () => {
    const lunch = slot('lunch', '2025-06-10', '12:00', '18:30');
    expect(findClash(wedding, [lunch])).toBe(lunch);
    expect(findClash(lunch, [wedding])).toBe(wedding);
  });

  it('finds one held entirely inside the other', () => {
    const toast = slot('toast', '2025-06-10', '19:00', '19:30');
    expect(findClash(wedding, [toast])).toBe(toast);
  });

  it('lets bookings touch: back to back is not a clash', () => {
    const before = slot('before', '2025-06-10', '13:00', '17:00');
    const after = slot('after', '2025-06-10', '23:00', '23:59', 60);
    expect(findClash(wedding, [before, after])).toBeNull();
  });

  it('counts setup minutes: setting up during another event clashes', () => {
    const lateLunch = slot('late-lunch', '2025-06-10', '14:00', '17:30');
    expect(findClash(wedding, [lateLunch])).toBe(lateLunch);
    expect(findClash(slot('wedding-no-setup', '2025-06-10', '18:00', '22:00'), [lateLunch])).toBeNull();
  });

  it('sees an event running past midnight clash with the next morning', () => {
    const party = slot('party', '2025-06-10', '21:00', '02:00');
    const breakfast = slot('breakfast', '2025-06-11', '03:00', '07:00', 90);
    expect(findClash(breakfast, [party])).toBe(party);
  });

  it('skips the booking itself and answers the earliest clash', () => {
    const early = slot('early', '2025-06-10', '16:00', '18:30');
    const late = slot('late', '2025-06-10', '21:00', '23:00');
    expect(findClash(wedding, [late, wedding, early])).toBe(early);
    expect(findClash(wedding, [wedding])).toBeNull();
  });

  it('matches plain interval overlap on minutes (property)', () => {
    const event = fc.record({
      startMinute: fc.integer({ min: 0, max: 24 * 60 - 2 }),
      length: fc.integer({ min: 1, max: 12 * 60 }),
      setupMinutes: fc.integer({ min: 0, max: 180 }),
    });
    const hhmm = (minute: number) => `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const toSlot = (id: string, e: { startMinute: number; length: number; setupMinutes: number }) =>
      slot(id, '2025-06-10', hhmm(e.startMinute), hhmm(e.startMinute + Math.min(e.length, 24 * 60 - 1)), e.setupMinutes, 'UTC');
    fc.assert(
      fc.property(event, event, (a, b) => {
        const interval = (e: typeof a) => [e.startMinute - e.setupMinutes, e.startMinute + Math.min(e.length, 24 * 60 - 1)] as const;
        const [aStart, aEnd] = interval(a);
        const [bStart, bEnd] = interval(b);
        const overlaps = aStart < bEnd && bStart < aEnd;
        const other = toSlot('b', b);
        expect(findClash(toSlot('a', a), [other])).toBe(overlaps ? other : null);
      }),
    );
  });
});

describe('windowsOverlap', () => {
  // Random windows on random dates around the daylight-saving changes of zones that have them.
  const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kuwait', 'UTC'];
  const randomSlot = (id: string) =>
    fc
      .record({
        day: fc.integer({ min: 0, max: 730 }),
        start: fc.integer({ min: 0, max: 24 * 60 - 1 }),
        end: fc.integer({ min: 0, max: 24 * 60 - 1 }),
        setup: fc.integer({ min: 0, max: 240 }),
        zone: fc.constantFrom(...zones),
      })
      .filter((r) => r.start !== r.end)
      .map((r) => {
        const date = new Date(Date.UTC(2025, 0, 1) + r.day * 86_400_000).toISOString().slice(0, 10);
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return slot(id, date, hhmm(r.start), hhmm(r.end), r.setup, r.zone);
      });

  it('is symmetric and agrees with instant arithmetic, whatever the zone and date (property)', () => {
    fc.assert(
      fc.property(randomSlot('a'), randomSlot('b'), (a, b) => {
        const wa = bookingWindow(a);
        const wb = bookingWindow(b);
        expect(wa.end.getTime()).toBeGreaterThan(wa.start.getTime());
        expect(windowsOverlap(wa, wb)).toBe(windowsOverlap(wb, wa));
        const expected = Math.max(wa.start.getTime(), wb.start.getTime()) < Math.min(wa.end.getTime(), wb.end.getTime());
        expect(windowsOverlap(wa, wb)).toBe(expected);
      }),
    );
  });

  it('never lets touching windows overlap, in either order (property)', () => {
    fc.assert(
      fc.property(randomSlot('a'), fc.integer({ min: 1, max: 600 }), (a, length) => {
        const first = bookingWindow(a);
        const next = { start: first.end, end: new Date(first.end.getTime() + length * 60_000) };
        expect(windowsOverlap(first, next)).toBe(false);
        expect(windowsOverlap(next, first)).toBe(false);
        expect(windowsOverlap(first, first)).toBe(true);
      }),
    );
  });

  it('counts real hours across a daylight-saving night: an event over the London clock change is an hour shorter', () => {
    const overnight = bookingWindow(slot('a', '2025-03-29', '22:00', '04:00', 0, 'Europe/London'));
    expect(overnight.end.getTime() - overnight.start.getTime()).toBe(5 * 3_600_000);
    const after = bookingWindow(slot('b', '2025-03-30', '04:00', '06:00', 0, 'Europe/London'));
    expect(windowsOverlap(overnight, after)).toBe(false);
  });
});

describe('eventDateProblem', () => {
  it('takes today up to a year ahead, and nothing before or beyond', () => {
    expect(eventDateProblem('2025-06-10', '2025-06-10')).toBeNull();
    expect(eventDateProblem('2026-06-10', '2025-06-10')).toBeNull();
    expect(eventDateProblem('2025-06-09', '2025-06-10')).toBe('event_date_past');
    expect(eventDateProblem('2026-06-11', '2025-06-10')).toBe('event_date_too_far');
  });
});
