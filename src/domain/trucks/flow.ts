/**
 * The application's review flow without its schemas (index.ts adds the commands' and the truck's):
 * statuses, actions, which action moves which status where, what an admin may do, when the vendor may
 * edit, and the admin list's filters, so the truck screens read them without zod or Temporal.
 */

export const TRUCK_STATUSES = ['draft', 'submitted', 'changes_requested', 'approved', 'rejected', 'suspended'] as const;
export type TruckStatus = (typeof TRUCK_STATUSES)[number];

export const REVIEW_ACTIONS = ['submit', 'approve', 'request_changes', 'reject', 'suspend', 'reinstate'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

const REVIEW_FLOW: Record<ReviewAction, { from: readonly TruckStatus[]; to: TruckStatus; needsReason: boolean }> = {
  submit: { from: ['draft', 'changes_requested'], to: 'submitted', needsReason: false },
  approve: { from: ['submitted'], to: 'approved', needsReason: false },
  request_changes: { from: ['submitted'], to: 'changes_requested', needsReason: true },
  reject: { from: ['submitted'], to: 'rejected', needsReason: true },
  suspend: { from: ['approved'], to: 'suspended', needsReason: true },
  reinstate: { from: ['suspended'], to: 'approved', needsReason: false },
};

export type ReviewTransition = { ok: true; status: TruckStatus } | { ok: false; code: 'illegal_transition'; from: TruckStatus; action: ReviewAction };

export function reviewTransition(from: TruckStatus, action: ReviewAction): ReviewTransition {
  const rule = REVIEW_FLOW[action];
  return rule.from.includes(from) ? { ok: true, status: rule.to } : { ok: false, code: 'illegal_transition', from, action };
}

export function allowedReviewActions(from: TruckStatus): ReviewAction[] {
  return REVIEW_ACTIONS.filter((action) => action !== 'submit' && REVIEW_FLOW[action].from.includes(from));
}

/** The vendor may edit the application while it is theirs to change; approved trucks edit their details too. */
export function isEditable(status: TruckStatus): boolean {
  return status === 'draft' || status === 'changes_requested' || status === 'approved';
}

/** The papers may be replaced whenever the rest may be edited, and while suspended: the owner fixes what the Admin suspended it for. */
export function documentsEditable(status: TruckStatus): boolean {
  return isEditable(status) || status === 'suspended';
}

export const ADMIN_TRUCK_FILTERS = ['submitted', 'changes_requested', 'approved', 'suspended', 'rejected', 'all'] as const;
