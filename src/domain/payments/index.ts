/**
 * Online payments (issue 45): the states a payment goes through and the one rule that moves it. Pure:
 * the webhook handler and the API calls' answers both go through applyPaymentEvent, so a replayed,
 * duplicated or late event can never move a payment backwards.
 */

export const PAYMENT_STATES = ['created', 'authorised', 'captured', 'voided', 'refunded', 'failed', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_PROVIDERS = ['test', 'tap', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What a provider says happened; each names the state it leads to. */
export type PaymentEventKind = Exclude<PaymentState, 'created'>;

/** The states each state may move to. Terminal states move nowhere. */
const NEXT: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  // Captured straight from created: a provider that charges without a separate capture.
  created: ['authorised', 'captured', 'failed', 'expired'],
  // Expired: an authorisation the provider let lapse before it was captured.
  authorised: ['captured', 'voided', 'failed', 'expired'],
  captured: ['refunded'],
  voided: [],
  refunded: [],
  failed: [],
  expired: [],
};

/** How far along a state is: an event for an earlier state than the current one is late, not illegal. */
const RANK: Readonly<Record<PaymentState, number>> = {
  created: 0,
  authorised: 1,
  captured: 2,
  failed: 2,
  expired: 2,
  voided: 2,
  refunded: 3,
};

export type PaymentTransition =
  | { changed: true; from: PaymentState; to: PaymentState }
  /** same: already there (a duplicate); late: an event overtaken by a later one; refused: not a move this state makes. */
  | { changed: false; state: PaymentState; reason: 'same' | 'late' | 'refused' };

export function canMove(from: PaymentState, to: PaymentState): boolean {
  return NEXT[from].includes(to);
}

export function isTerminal(state: PaymentState): boolean {
  return NEXT[state].length === 0;
}

export function applyPaymentEvent(current: PaymentState, event: PaymentEventKind): PaymentTransition {
  if (current === event) return { changed: false, state: current, reason: 'same' };
  if (canMove(current, event)) return { changed: true, from: current, to: event };
  return { changed: false, state: current, reason: RANK[event] < RANK[current] ? 'late' : 'refused' };
}
