/**
 * /home's pure rules, without zod, so the web screen can use them without the contracts' weight:
 * the comparison with last week, the average ticket, and an applicant's next step.
 */
import type { TruckStatus } from '../trucks';

/** Change against the comparison figure in whole percent; null when there is nothing to compare with. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

export function averageTicket(revenue: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(revenue / orders);
}

export type ApplicationStep = 'register' | 'continue' | 'make_changes' | 'wait' | 'start_again' | 'set_up_menu' | 'contact_support';

/** The one button an applicant's home offers, and where it leads. */
export function applicationStep(status: TruckStatus | null): { step: ApplicationStep; path: string } {
  switch (status) {
    case null:
      return { step: 'register', path: '/truck-register' };
    case 'draft':
      return { step: 'continue', path: '/truck-register' };
    case 'changes_requested':
      return { step: 'make_changes', path: '/truck-register' };
    case 'submitted':
      return { step: 'wait', path: '/truck-info' };
    case 'rejected':
      return { step: 'start_again', path: '/truck-info' };
    case 'approved':
      return { step: 'set_up_menu', path: '/menu' };
    case 'suspended':
      return { step: 'contact_support', path: '/truck-info' };
  }
}

/** The progress bar of an application: which of the three stages (draft, review, decision) it reached. */
export function applicationStage(status: TruckStatus | null): 0 | 1 | 2 | 3 {
  if (status === null) return 0;
  if (status === 'draft') return 1;
  if (status === 'submitted' || status === 'changes_requested') return 2;
  return 3;
}
