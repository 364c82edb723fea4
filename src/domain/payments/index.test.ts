import { describe, expect, it } from 'vitest';
import { applyPaymentEvent, canMove, isTerminal, PAYMENT_STATES, type PaymentEventKind, type PaymentState } from './index';

describe('payment transitions', () => {
  it('moves a payment forward: created → authorised → captured → refunded', () => {
    expect(applyPaymentEvent('created', 'authorised')).toEqual({ changed: true, from: 'created', to: 'authorised' });
    expect(applyPaymentEvent('authorised', 'captured')).toEqual({ changed: true, from: 'authorised', to: 'captured' });
    expect(applyPaymentEvent('captured', 'refunded')).toEqual({ changed: true, from: 'captured', to: 'refunded' });
  });

  it('voids or lets lapse only what is authorised, and captures straight from created', () => {
    expect(applyPaymentEvent('authorised', 'voided').changed).toBe(true);
    expect(applyPaymentEvent('authorised', 'expired').changed).toBe(true);
    expect(applyPaymentEvent('created', 'captured').changed).toBe(true);
    expect(applyPaymentEvent('created', 'voided')).toEqual({ changed: false, state: 'created', reason: 'refused' });
    expect(applyPaymentEvent('created', 'refunded')).toEqual({ changed: false, state: 'created', reason: 'refused' });
  });

  it('ignores a duplicate and an event overtaken by a later one', () => {
    expect(applyPaymentEvent('captured', 'captured')).toEqual({ changed: false, state: 'captured', reason: 'same' });
    expect(applyPaymentEvent('captured', 'authorised')).toEqual({ changed: false, state: 'captured', reason: 'late' });
    expect(applyPaymentEvent('refunded', 'captured')).toEqual({ changed: false, state: 'refunded', reason: 'late' });
    expect(applyPaymentEvent('voided', 'authorised')).toEqual({ changed: false, state: 'voided', reason: 'late' });
  });

  it('never leaves a terminal state, whatever arrives', () => {
    const events = PAYMENT_STATES.filter((s): s is PaymentEventKind => s !== 'created');
    for (const state of ['voided', 'refunded', 'failed', 'expired'] as PaymentState[]) {
      expect(isTerminal(state)).toBe(true);
      for (const event of events) expect(applyPaymentEvent(state, event).changed).toBe(false);
    }
    expect(canMove('voided', 'captured')).toBe(false);
  });

  it('reaches one final state from any order of the same events (replays, out-of-order deliveries)', () => {
    const events: PaymentEventKind[] = ['authorised', 'captured', 'captured', 'authorised'];
    const orders = [events, [...events].reverse(), ['captured', 'authorised', 'authorised', 'captured'] as PaymentEventKind[]];
    for (const order of orders) {
      let state: PaymentState = 'created';
      for (const event of order) {
        const t = applyPaymentEvent(state, event);
        if (t.changed) state = t.to;
      }
      expect(state).toBe('captured');
    }
  });
});
