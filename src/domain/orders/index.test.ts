import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_TABS,
  DEFAULT_DASHBOARD_TAB,
  MANUAL_ORDER_ACTIONS,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  ORDER_TYPES,
  OrderActionSchema,
  allowedActions,
  displayNumber,
  tabOf,
  transition,
  type OrderActionName,
  type OrderCommand,
  type OrderState,
  type OrderStatus,
  type OrderType,
} from './index';
import { issuesToFields } from '../validation';
import enErrors from '../i18n/en/errors.json';
import enFields from '../i18n/en/fields.json';

const english = { lang: 'en' as const, errors: enErrors, fields: enFields };

const NOW = new Date('2025-05-01T12:00:00.000Z');
const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000).toISOString();

/** A valid payload for each action, so only the status decides. */
const SAMPLE: Record<OrderActionName, OrderCommand> = {
  accept: { action: 'accept', prepMinutes: 15 },
  reject: { action: 'reject', reason: 'Out of bread' },
  start_preparing: { action: 'start_preparing' },
  mark_ready: { action: 'mark_ready' },
  send_out: { action: 'send_out' },
  complete: { action: 'complete' },
  cancel: { action: 'cancel', reason: 'Customer called to cancel' },
  delay: { action: 'delay', minutes: 10 },
  expire: { action: 'expire' },
  withdraw: { action: 'withdraw' },
};

/** docs/product.md §2.6, read independently of the implementation's table. */
function expectedNext(status: OrderStatus, type: OrderType, action: OrderActionName): OrderStatus | null {
  const legal: Partial<Record<`${OrderStatus} ${OrderActionName}`, OrderStatus>> = {
    'pending accept': 'accepted',
    'pending reject': 'rejected',
    'pending expire': 'expired',
    // The customer may take an order back only while nobody at the truck has answered it.
    'pending withdraw': 'cancelled',
    'accepted start_preparing': 'preparing',
    'accepted cancel': 'cancelled',
    'accepted delay': 'accepted',
    'preparing mark_ready': 'ready',
    'preparing cancel': 'cancelled',
    'preparing delay': 'preparing',
    'out_for_delivery complete': 'completed',
    ...(type === 'pickup' ? { 'ready complete': 'completed' as const } : { 'ready send_out': 'out_for_delivery' as const }),
  };
  return legal[`${status} ${action}`] ?? null;
}

const ALL_PAIRS = ORDER_STATUSES.flatMap((status) =>
  ORDER_TYPES.flatMap((type) => ORDER_ACTIONS.map((action) => [status, type, action] as const)),
);

function order(status: OrderStatus, type: OrderType = 'pickup', estimatedReadyAt?: string): OrderState {
  return estimatedReadyAt === undefined ? { status, type } : { status, type, estimatedReadyAt };
}

describe('transition: every status × type × action', () => {
  it.each(ALL_PAIRS)('%s (%s) + %s', (status, type, action) => {
    const next = expectedNext(status, type, action);
    const result = transition(order(status, type, at(5)), SAMPLE[action], NOW);
    if (next === null) {
      expect(result).toEqual({ ok: false, code: 'illegal_transition', from: status, action });
    } else {
      expect(result).toMatchObject({ ok: true, status: next, historyEntry: { status: next, action } });
    }
  });
});

describe('pickup and delivery paths', () => {
  function walk(type: OrderType, actions: OrderActionName[]): OrderStatus[] {
    let state = order('pending', type);
    return actions.map((action) => {
      const result = transition(state, SAMPLE[action], NOW);
      if (!result.ok) throw new Error(`${state.status} + ${action}: ${result.code}`);
      state = { ...state, status: result.status };
      return result.status;
    });
  }

  it('a pickup order goes ready → completed', () => {
    expect(walk('pickup', ['accept', 'start_preparing', 'mark_ready', 'complete'])).toEqual([
      'accepted', 'preparing', 'ready', 'completed',
    ]);
  });

  it('a delivery order goes ready → out_for_delivery → completed', () => {
    expect(walk('delivery', ['accept', 'start_preparing', 'mark_ready', 'send_out', 'complete'])).toEqual([
      'accepted', 'preparing', 'ready', 'out_for_delivery', 'completed',
    ]);
  });

  it('a pickup order is never sent out, and a delivery order does not skip the ride', () => {
    expect(transition(order('ready', 'pickup'), SAMPLE.send_out, NOW)).toMatchObject({ ok: false, code: 'illegal_transition' });
    expect(transition(order('ready', 'delivery'), SAMPLE.complete, NOW)).toMatchObject({ ok: false, code: 'illegal_transition' });
  });

  it('a ready or out-for-delivery order cannot be cancelled', () => {
    expect(transition(order('ready', 'pickup'), SAMPLE.cancel, NOW)).toMatchObject({ ok: false, from: 'ready' });
    expect(transition(order('out_for_delivery', 'delivery'), SAMPLE.cancel, NOW)).toMatchObject({ ok: false, from: 'out_for_delivery' });
  });
});

describe('accept', () => {
  it('sets the estimated ready time from now and the prep minutes', () => {
    expect(transition(order('pending'), { action: 'accept', prepMinutes: 20 }, NOW)).toEqual({
      ok: true,
      status: 'accepted',
      estimatedReadyAt: '2025-05-01T12:20:00.000Z',
      historyEntry: { status: 'accepted', action: 'accept' },
    });
  });

  it.each([1, 240])('takes %i prep minutes', (prepMinutes) => {
    expect(transition(order('pending'), { action: 'accept', prepMinutes }, NOW)).toMatchObject({ ok: true, estimatedReadyAt: at(prepMinutes) });
  });

  it.each([0, 241, 1.5, -5])('refuses %d prep minutes', (prepMinutes) => {
    const result = transition(order('pending'), { action: 'accept', prepMinutes }, NOW);
    expect(result).toMatchObject({ ok: false, code: 'validation_failed', issues: [{ path: ['prepMinutes'] }] });
  });
});

describe('delay', () => {
  it('moves the estimate of an accepted or preparing order, keeping its status', () => {
    expect(transition(order('accepted', 'pickup', at(15)), { action: 'delay', minutes: 10 }, NOW)).toEqual({
      ok: true,
      status: 'accepted',
      estimatedReadyAt: at(25),
      historyEntry: { status: 'accepted', action: 'delay' },
    });
    expect(transition(order('preparing', 'delivery', at(5)), { action: 'delay', minutes: 240 }, NOW)).toMatchObject({
      ok: true,
      status: 'preparing',
      estimatedReadyAt: at(245),
    });
  });

  it('counts from now when the order is already late, or has no estimate', () => {
    expect(transition(order('preparing', 'pickup', at(-30)), { action: 'delay', minutes: 10 }, NOW)).toMatchObject({ estimatedReadyAt: at(10) });
    expect(transition(order('preparing'), { action: 'delay', minutes: 10 }, NOW)).toMatchObject({ estimatedReadyAt: at(10) });
  });

  it.each([0, 241, 2.5])('refuses %d minutes', (minutes) => {
    const result = transition(order('accepted', 'pickup', at(5)), { action: 'delay', minutes }, NOW);
    expect(result).toMatchObject({ ok: false, code: 'validation_failed', issues: [{ path: ['minutes'] }] });
  });

  it.each(['pending', 'ready', 'out_for_delivery', 'completed'] as const)('is not possible for a %s order', (status) => {
    expect(transition(order(status, 'delivery', at(5)), SAMPLE.delay, NOW)).toEqual({
      ok: false,
      code: 'illegal_transition',
      from: status,
      action: 'delay',
    });
  });
});

describe('reasons', () => {
  it.each([
    ['pending', 'reject'],
    ['accepted', 'cancel'],
    ['preparing', 'cancel'],
  ] as const)('a %s order needs a reason to %s', (status, action) => {
    for (const reason of ['', '   ', '\n\t']) {
      const result = transition(order(status), { action, reason }, NOW);
      expect(result).toMatchObject({ ok: false, code: 'validation_failed' });
      if (result.ok || result.code !== 'validation_failed') throw new Error('expected a validation failure');
      expect(issuesToFields(result.issues, english)).toMatchObject([{ path: 'reason', code: 'reason_required' }]);
    }
    const missing = transition(order(status), { action } as unknown as OrderCommand, NOW);
    if (missing.ok || missing.code !== 'validation_failed') throw new Error('expected a validation failure');
    expect(issuesToFields(missing.issues, english)).toMatchObject([{ path: 'reason', code: 'required' }]);
  });

  it('keeps the reason, trimmed, in the history entry', () => {
    expect(transition(order('pending'), { action: 'reject', reason: '  Sold out of falafel ' }, NOW)).toEqual({
      ok: true,
      status: 'rejected',
      historyEntry: { status: 'rejected', action: 'reject', reason: 'Sold out of falafel' },
    });
  });

  it('takes up to 500 characters', () => {
    expect(transition(order('accepted'), { action: 'cancel', reason: 'x'.repeat(500) }, NOW)).toMatchObject({ ok: true });
    expect(transition(order('accepted'), { action: 'cancel', reason: 'x'.repeat(501) }, NOW)).toMatchObject({
      ok: false,
      code: 'validation_failed',
      issues: [{ path: ['reason'], code: 'too_big' }],
    });
  });

  it('answers illegal before looking at the payload: the order has moved on', () => {
    expect(transition(order('completed'), { action: 'reject', reason: '' }, NOW)).toEqual({
      ok: false,
      code: 'illegal_transition',
      from: 'completed',
      action: 'reject',
    });
  });
});

describe('estimatedReadyAt in the result', () => {
  it('is carried over when the action does not change it', () => {
    expect(transition(order('accepted', 'pickup', at(12)), SAMPLE.start_preparing, NOW)).toEqual({
      ok: true,
      status: 'preparing',
      estimatedReadyAt: at(12),
      historyEntry: { status: 'preparing', action: 'start_preparing' },
    });
  });

  it('stays absent when the order has none', () => {
    expect(transition(order('pending'), SAMPLE.expire, NOW)).toEqual({
      ok: true,
      status: 'expired',
      historyEntry: { status: 'expired', action: 'expire' },
    });
  });
});

describe('allowedActions', () => {
  it('offers what the panel shows', () => {
    expect(allowedActions(order('pending'))).toEqual(['accept', 'reject']);
    expect(allowedActions(order('accepted'))).toEqual(['start_preparing', 'cancel', 'delay']);
    expect(allowedActions(order('preparing'))).toEqual(['mark_ready', 'cancel', 'delay']);
    expect(allowedActions(order('ready', 'pickup'))).toEqual(['complete']);
    expect(allowedActions(order('ready', 'delivery'))).toEqual(['send_out']);
    expect(allowedActions(order('out_for_delivery', 'delivery'))).toEqual(['complete']);
    for (const status of ['completed', 'rejected', 'cancelled', 'expired'] as const) {
      expect(allowedActions(order(status))).toEqual([]);
    }
  });

  it('is exactly the set of manual actions that transition accepts (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.constantFrom(...ORDER_TYPES), (status, type) => {
        const state = order(status, type, at(5));
        const accepted = MANUAL_ORDER_ACTIONS.filter((action) => transition(state, SAMPLE[action], NOW).ok);
        expect(new Set(allowedActions(state))).toEqual(new Set(accepted));
      }),
    );
  });

  it('never offers expire, which only the acceptance-window job sends', () => {
    expect(MANUAL_ORDER_ACTIONS).not.toContain('expire');
    expect(transition(order('pending'), SAMPLE.expire, NOW).ok).toBe(true);
    expect(allowedActions(order('pending'))).not.toContain('expire');
  });
});

describe('OrderActionSchema', () => {
  it('parses an action with the version the person saw, usable by transition', () => {
    const action = OrderActionSchema.parse({ action: 'cancel', reason: ' Truck broke down ', version: 3 });
    expect(action).toEqual({ action: 'cancel', reason: 'Truck broke down', version: 3 });
    expect(transition(order('preparing'), action, NOW)).toMatchObject({ ok: true, status: 'cancelled' });
  });

  it.each([
    ['no version', { action: 'start_preparing' }],
    ['a negative version', { action: 'start_preparing', version: -1 }],
    ['a fractional version', { action: 'start_preparing', version: 1.5 }],
    ['expire, which is not a person’s', { action: 'expire', version: 1 }],
    ['an unknown action', { action: 'teleport', version: 1 }],
    ['an unknown field', { action: 'mark_ready', version: 1, colour: 'red' }],
    ['no prep minutes', { action: 'accept', version: 1 }],
    ['a blank reason', { action: 'reject', reason: ' ', version: 1 }],
    ['too long a delay', { action: 'delay', minutes: 500, version: 1 }],
  ])('refuses %s', (_, body) => {
    expect(OrderActionSchema.safeParse(body).success).toBe(false);
  });
});

describe('dashboard tabs', () => {
  it('show every status in exactly one tab', () => {
    const shown = Object.values(DASHBOARD_TABS).flat();
    expect([...shown].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('are in display order, pending first and by default', () => {
    expect(Object.keys(DASHBOARD_TABS)).toEqual(['pending', 'in_progress', 'ready', 'completed', 'closed']);
    expect(DEFAULT_DASHBOARD_TAB).toBe('pending');
  });

  it.each([
    ['pending', 'pending'],
    ['accepted', 'in_progress'],
    ['preparing', 'in_progress'],
    ['ready', 'ready'],
    ['out_for_delivery', 'ready'],
    ['completed', 'completed'],
    ['rejected', 'closed'],
    ['cancelled', 'closed'],
    ['expired', 'closed'],
  ] as const)('put %s under %s', (status, tab) => {
    expect(tabOf(status)).toBe(tab);
  });
});

describe('displayNumber', () => {
  it.each([
    [1, '#001'],
    [42, '#042'],
    [999, '#999'],
    [1000, '#1000'],
  ])('%i is %s', (n, shown) => {
    expect(displayNumber(n)).toBe(shown);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %d', (n) => {
    expect(() => displayNumber(n)).toThrow(RangeError);
  });
});
