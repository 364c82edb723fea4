import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderTotals, TAX_CATEGORIES, type OrderTotalsInput, type TaxSettings } from '../money';
import { CreateRefundSchema, decideRefund, type RefundableOrder, type RefundMoney, type RefundRequest } from './refunds';

/** The order as its snapshot stores it, from the money core's own answer. */
function orderOf(input: OrderTotalsInput, paid = true): RefundableOrder {
  const totals = orderTotals(input);
  return {
    paid,
    pricesIncludeTax: totals.pricesIncludeTax,
    subtotalMinor: totals.subtotalMinor,
    discountMinor: totals.discountMinor,
    deliveryFeeMinor: totals.deliveryFeeMinor,
    deliveryFeeTaxMinor: totals.deliveryFeeTaxMinor,
    taxMinor: totals.taxMinor,
    tipMinor: totals.tipMinor,
    totalMinor: totals.totalMinor,
    lines: totals.lines.map((line, lineNo) => ({ lineNo, qty: input.lines[lineNo]!.quantity, amountMinor: line.amountMinor, discountMinor: line.discountMinor, taxMinor: line.taxMinor })),
  };
}

const VAT: TaxSettings = { mode: 'rate', rateBasisPoints: 1500, pricesIncludeTax: true, deliveryFeeTaxed: true };
const sample = orderOf({
  currency: 'SAR',
  lines: [
    { unitPriceMinor: 1150, quantity: 3, taxCategory: 'standard' },
    { unitPriceMinor: 500, quantity: 1, taxCategory: 'zero_rated' },
  ],
  deliveryFeeMinor: 1000,
  tax: VAT,
  discount: { kind: 'percent', basisPoints: 1000 },
  tip: { kind: 'amount', minor: 300 },
});

const ok = (order: RefundableOrder, earlier: RefundMoney[], request: RefundRequest) => {
  const decision = decideRefund(order, earlier, request);
  if (!decision.ok) throw new Error(`refused: ${decision.code}`);
  return decision.refund;
};

describe('decideRefund', () => {
  it('gives back a whole order: everything paid, tip and delivery fee included', () => {
    const refund = ok(sample, [], { kind: 'whole' });
    expect(refund.amountMinor).toBe(sample.totalMinor);
    expect(refund.tipMinor).toBe(300);
    expect(refund.netSalesMinor + refund.taxMinor + refund.deliveryFeeMinor + refund.tipMinor).toBe(refund.amountMinor);
    expect(refund.lines).toEqual([expect.objectContaining({ lineNo: 0, qty: 3 }), expect.objectContaining({ lineNo: 1, qty: 1 })]);
  });

  it('gives back chosen lines with their share of the discount and the tax, and never the tip', () => {
    const refund = ok(sample, [], { kind: 'lines', lines: [{ lineNo: 0, qty: 1 }] });
    // 3 × 11.50 less 10 % is 31.05; a third of it, with its VAT inside (prices include tax).
    expect(refund.amountMinor).toBe(1035);
    expect(refund.tipMinor).toBe(0);
    expect(refund.deliveryFeeMinor).toBe(0);
    expect(refund.netSalesMinor + refund.taxMinor).toBe(1035);
  });

  it('refunding every unit one by one gives back exactly the lines, and the whole rest is the fee and the tip', () => {
    const earlier: RefundMoney[] = [];
    for (const lineNo of [0, 0, 0, 1]) earlier.push(ok(sample, earlier, { kind: 'lines', lines: [{ lineNo, qty: 1 }] }));
    const rest = ok(sample, earlier, { kind: 'whole' });
    expect(rest.lines).toEqual([]);
    expect(rest.tipMinor).toBe(300);
    expect(rest.deliveryFeeMinor + rest.taxMinor + rest.tipMinor).toBe(rest.amountMinor);
    expect(earlier.reduce((a, r) => a + r.amountMinor, 0) + rest.amountMinor).toBe(sample.totalMinor);
  });

  it('refuses an order not paid, and more than is left', () => {
    expect(decideRefund({ ...sample, paid: false }, [], { kind: 'whole' })).toMatchObject({ ok: false, code: 'order_not_paid', status: 409 });
    const whole = ok(sample, [], { kind: 'whole' });
    expect(decideRefund(sample, [whole], { kind: 'whole' })).toMatchObject({ ok: false, code: 'refund_above_paid', status: 422 });
    expect(decideRefund(sample, [whole], { kind: 'lines', lines: [{ lineNo: 1, qty: 1 }] })).toMatchObject({ ok: false, code: 'refund_above_paid' });
    expect(decideRefund(sample, [], { kind: 'lines', lines: [{ lineNo: 0, qty: 4 }] })).toMatchObject({
      ok: false,
      code: 'refund_above_paid',
      problems: [{ path: 'lines.0.qty', code: 'refund_above_paid', params: { max: 3 } }],
    });
    expect(decideRefund(sample, [], { kind: 'lines', lines: [{ lineNo: 7, qty: 1 }] })).toMatchObject({ ok: false, problems: [{ code: 'refund_line_unknown' }] });
    const free = orderOf({ currency: 'SAR', lines: [{ unitPriceMinor: 0, quantity: 2, taxCategory: 'standard' }, { unitPriceMinor: 500, quantity: 1, taxCategory: 'standard' }], deliveryFeeMinor: 0, tax: VAT });
    expect(decideRefund(free, [], { kind: 'lines', lines: [{ lineNo: 0, qty: 1 }] })).toMatchObject({ ok: false, code: 'refund_nothing', status: 422 });
  });
});

describe('CreateRefundSchema', () => {
  it('needs a reason and whole numbers of units, each line once', () => {
    expect(CreateRefundSchema.safeParse({ kind: 'whole', reason: '  ' }).success).toBe(false);
    expect(CreateRefundSchema.safeParse({ kind: 'whole', reason: 'Cold food' }).success).toBe(true);
    expect(CreateRefundSchema.safeParse({ kind: 'lines', reason: 'x', lines: [{ lineNo: 0, qty: 0 }] }).success).toBe(false);
    expect(CreateRefundSchema.safeParse({ kind: 'lines', reason: 'x', lines: [{ lineNo: 0, qty: 1 }, { lineNo: 0, qty: 1 }] }).success).toBe(false);
    expect(CreateRefundSchema.safeParse({ kind: 'lines', reason: 'x', lines: [] }).success).toBe(false);
  });
});

const orderInput: fc.Arbitrary<OrderTotalsInput> = fc.record({
  currency: fc.constantFrom('KWD', 'SAR', 'JPY'),
  lines: fc.array(
    fc.record({ unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 9 }), taxCategory: fc.constantFrom(...TAX_CATEGORIES) }),
    { minLength: 1, maxLength: 6 },
  ),
  deliveryFeeMinor: fc.integer({ min: 0, max: 100_000 }),
  tax: fc.oneof(
    fc.constant({ mode: 'none' as const }),
    fc.record({ mode: fc.constant('rate' as const), rateBasisPoints: fc.integer({ min: 0, max: 10_000 }), pricesIncludeTax: fc.boolean(), deliveryFeeTaxed: fc.boolean() }),
  ),
  discount: fc.option(fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }), { nil: null }),
  tip: fc.option(fc.record({ kind: fc.constant('amount' as const), minor: fc.integer({ min: 0, max: 50_000 }) }), { nil: null }),
});

const requests = fc.array(
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<RefundRequest>({ kind: 'whole' }) },
    {
      weight: 5,
      arbitrary: fc
        .uniqueArray(fc.record({ lineNo: fc.integer({ min: 0, max: 6 }), qty: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 4, selector: (line) => line.lineNo })
        .map((lines): RefundRequest => ({ kind: 'lines', lines })),
    },
  ),
  { maxLength: 12 },
);

describe('refund property', () => {
  it('refunds never exceed what was paid, their parts add up, and a whole refund gives back exactly the rest', () => {
    fc.assert(
      fc.property(orderInput, requests, (input, asked) => {
        const order = orderOf(input);
        const given: RefundMoney[] = [];
        for (const request of asked) {
          const decision = decideRefund(order, given, request);
          if (!decision.ok) continue;
          const { refund } = decision;
          expect(refund.amountMinor).toBeGreaterThan(0);
          expect(refund.netSalesMinor + refund.taxMinor + refund.deliveryFeeMinor + refund.tipMinor).toBe(refund.amountMinor);
          // The lines carry their net and tax; a whole refund's tax also holds the delivery fee's.
          const lines = refund.lines.reduce((a, line) => a + line.amountMinor, 0);
          if (request.kind === 'lines') expect(lines).toBe(refund.netSalesMinor + refund.taxMinor);
          else expect(lines).toBeLessThanOrEqual(refund.netSalesMinor + refund.taxMinor);
          // The lines' net sales are the refund's: a whole refund's rest is the delivery fee, its tax and the tip.
          expect(refund.lines.reduce((a, line) => a + line.netSalesMinor, 0)).toBe(refund.netSalesMinor);
          for (const part of [refund.netSalesMinor, refund.taxMinor, refund.deliveryFeeMinor, refund.tipMinor]) expect(part).toBeGreaterThanOrEqual(0);
          given.push(refund);
          expect(given.reduce((a, r) => a + r.amountMinor, 0)).toBeLessThanOrEqual(order.totalMinor);
        }
        const rest = decideRefund(order, given, { kind: 'whole' });
        const total = given.reduce((a, r) => a + r.amountMinor, 0) + (rest.ok ? rest.refund.amountMinor : 0);
        expect(total).toBe(order.totalMinor);
      }),
      { numRuns: 300 },
    );
  });
});
