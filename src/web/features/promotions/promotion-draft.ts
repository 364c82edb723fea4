/**
 * A promotion as its form holds it (typed text, in either digits) and back: the amounts are read
 * with the money rules, a percentage becomes basis points. What the form cannot read is reported
 * on the field's path; the rest of the contract is the server's to judge (its field errors land on
 * the same paths).
 */
import type { FieldProblem } from '../../ui/field-errors';
import type { Weekday } from '@domain/hours/weekdays';
import { fromMinor, parseDecimalNumber, toMinor, type Currency } from '@domain/money/minor';
import { parseCount } from '@domain/digits';
import type { Promotion, PromotionInputDraft } from '@domain/promotions';

export type Fulfilment = Promotion['fulfilment'];

export interface PromotionDraft {
  id: string | null;
  version: number;
  automatic: boolean;
  code: string;
  name: string;
  kind: 'percent' | 'fixed';
  value: string;
  minSubtotal: string;
  validFrom: string;
  validUntil: string;
  windowOn: boolean;
  days: Weekday[];
  windowFrom: string;
  windowUntil: string;
  fulfilment: Fulfilment;
  maxUses: string;
  onePerPhone: boolean;
  active: boolean;
}

export function newPromotionDraft(): PromotionDraft {
  return {
    id: null, version: 0, automatic: false, code: '', name: '', kind: 'percent', value: '', minSubtotal: '', validFrom: '', validUntil: '',
    windowOn: false, days: ['thu', 'fri'], windowFrom: '15:00', windowUntil: '17:00', fulfilment: 'both', maxUses: '', onePerPhone: false, active: true,
  };
}

const percentText = (basisPoints: number) => String(basisPoints / 100);

export function draftOfPromotion(promotion: Promotion, currency: Currency): PromotionDraft {
  return {
    id: promotion.id,
    version: promotion.version,
    automatic: promotion.code === null,
    code: promotion.code ?? '',
    name: promotion.name,
    kind: promotion.discount.kind,
    value: promotion.discount.kind === 'percent' ? percentText(promotion.discount.basisPoints) : fromMinor(promotion.discount.minor, currency),
    minSubtotal: promotion.minSubtotal === 0 ? '' : fromMinor(promotion.minSubtotal, currency),
    validFrom: promotion.validFrom ?? '',
    validUntil: promotion.validUntil ?? '',
    windowOn: promotion.window !== null,
    days: promotion.window ? [...promotion.window.days] : ['thu', 'fri'],
    windowFrom: promotion.window?.from ?? '15:00',
    windowUntil: promotion.window?.until ?? '17:00',
    fulfilment: promotion.fulfilment,
    maxUses: promotion.maxUses === null ? '' : String(promotion.maxUses),
    onePerPhone: promotion.onePerPhone,
    active: promotion.active,
  };
}

/** The body the server takes, or the fields the form could not read. */
export function promotionInputOf(draft: PromotionDraft, currency: Currency): { input: PromotionInputDraft | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  let discount: PromotionInputDraft['discount'] = { kind: 'percent', basisPoints: 0 };
  if (draft.kind === 'percent') {
    const percent = parseDecimalNumber(draft.value);
    if (percent === null) problems.push({ path: 'discount.basisPoints', code: 'invalid_number' });
    else discount = { kind: 'percent', basisPoints: Math.round(percent * 100) };
  } else {
    const amount = toMinor(draft.value, currency);
    if (amount.ok) discount = { kind: 'fixed', minor: amount.minor };
    else problems.push({ path: 'discount.minor', code: amount.code, params: amount.params });
  }
  let minSubtotal = 0;
  if (draft.minSubtotal.trim() !== '') {
    const amount = toMinor(draft.minSubtotal, currency);
    if (amount.ok) minSubtotal = amount.minor;
    else problems.push({ path: 'minSubtotal', code: amount.code, params: amount.params });
  }
  let maxUses: number | null = null;
  if (draft.maxUses.trim() !== '') {
    maxUses = parseCount(draft.maxUses);
    if (maxUses === null) problems.push({ path: 'maxUses', code: 'invalid_number' });
  }
  if (problems.length > 0) return { input: null, problems };
  return {
    input: {
      code: draft.automatic ? null : draft.code,
      name: draft.name,
      discount,
      minSubtotal,
      validFrom: draft.validFrom || null,
      validUntil: draft.validUntil || null,
      window: draft.windowOn ? { days: draft.days, from: draft.windowFrom, until: draft.windowUntil } : null,
      fulfilment: draft.fulfilment,
      maxUses,
      onePerPhone: draft.onePerPhone,
      active: draft.active,
    },
    problems,
  };
}
