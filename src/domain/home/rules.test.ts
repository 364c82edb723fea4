import { describe, expect, it } from 'vitest';
import { revenueVisibleTo } from './index';
import { applicationStage, applicationStep, averageTicket, percentChange } from './rules';

describe('home rules', () => {
  it('compares with last week in whole percent, and not at all against nothing', () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(10, 10)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
  });

  it('averages a ticket in minor units, zero for no orders', () => {
    expect(averageTicket(5_600, 2)).toBe(2_800);
    expect(averageTicket(1_000, 3)).toBe(333);
    expect(averageTicket(0, 0)).toBe(0);
  });

  it('shows revenue to owners and admins always, to staff only where the owner allows it', () => {
    const closed = { staffSeesRevenue: false };
    const open = { staffSeesRevenue: true };
    for (const truck of [closed, open]) {
      expect(revenueVisibleTo('owner', truck)).toBe(true);
      expect(revenueVisibleTo('admin', truck)).toBe(true);
    }
    expect(revenueVisibleTo('staff', closed)).toBe(false);
    expect(revenueVisibleTo('staff', open)).toBe(true);
  });

  it('gives an applicant one next step for every state of the application', () => {
    expect(applicationStep(null)).toEqual({ step: 'register', path: '/truck-register' });
    expect(applicationStep('draft').step).toBe('continue');
    expect(applicationStep('changes_requested')).toEqual({ step: 'make_changes', path: '/truck-register' });
    expect(applicationStep('submitted').step).toBe('wait');
    expect(applicationStep('rejected').step).toBe('start_again');
    expect(applicationStep('approved')).toEqual({ step: 'set_up_menu', path: '/menu' });
    expect([null, 'draft', 'submitted', 'changes_requested', 'approved'].map((s) => applicationStage(s as never))).toEqual([0, 1, 2, 2, 3]);
  });
});
