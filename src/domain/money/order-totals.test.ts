import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnitExponent, type Currency } from './minor';
import {
  allocate,
  divideHalfUp,
  netSalesMinor,
  orderTotals,
  TAX_CATEGORIES,
  taxOf,
  type OrderTotals,
  type OrderTotalsInput,
  type TaxSettings,
} from './order-totals';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

// Every exponent the product prices in: KWD 3, SAR 2, JPY 0 (and the others of each kind).
const currency = fc.constantFrom<Currency>('KWD', 'BHD', 'SAR', 'AED', 'USD', 'JPY');

const line = fc.record({
  unitPriceMinor: fc.integer({ min: 0, max: 100_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  taxCategory: fc.constantFrom(...TAX_CATEGORIES),
});

const taxSettings: fc.Arbitrary<TaxSettings> = fc.oneof(
  fc.constant({ mode: 'none' as const }),
  fc.record({
    mode: fc.constant('rate' as const),
    rateBasisPoints: fc.oneof(fc.constantFrom(1500, 500, 1000, 825, 0, 10_000), fc.integer({ min: 0, max: 10_000 })),
    pricesIncludeTax: fc.boolean(),
    deliveryFeeTaxed: fc.boolean(),
  }),
);

const input: fc.Arbitrary<OrderTotalsInput> = fc.record({
  currency,
  lines: fc.array(line, { minLength: 0, maxLength: 12 }),
  deliveryFeeMinor: fc.integer({ min: 0, max: 10_000_000 }),
  tax: taxSettings,
  discount: fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
      fc.record({ kind: fc.constant('fixed' as const), minor: fc.integer({ min: 0, max: 2_000_000_000 }) }),
    ),
    { nil: null },
  ),
  tip: fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
      fc.record({ kind: fc.constant('amount' as const), minor: fc.integer({ min: 0, max: 10_000_000 }) }),
    ),
    { nil: null },
  ),
});

function checkParts(totals: OrderTotals): void {
  const { lines } = totals;
  // Every figure a whole, non-negative number of minor units.
  for (const value of [totals.subtotalMinor, totals.discountMinor, totals.taxMinor, totals.tipMinor, totals.totalMinor, totals.netSalesMinor]) {
    expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
  }
  for (const each of lines) {
    expect(each.netMinor).toBeGreaterThanOrEqual(0);
    expect(each.discountMinor).toBeLessThanOrEqual(each.amountMinor);
    expect(each.totalMinor).toBe(each.netMinor + each.taxMinor);
  }
  // Lines add up to the order: no minor unit lost or invented in an allocation.
  expect(sum(lines.map((each) => each.amountMinor))).toBe(totals.subtotalMinor);
  expect(sum(lines.map((each) => each.discountMinor))).toBe(totals.discountMinor);
  expect(sum(lines.map((each) => each.taxMinor)) + totals.deliveryFeeTaxMinor).toBe(totals.taxMinor);
  expect(sum(lines.map((each) => each.netMinor))).toBe(totals.netSalesMinor);
  // The parts sum to the total, both ways of reading the receipt.
  expect(totals.subtotalMinor - totals.discountMinor + totals.deliveryFeeMinor + (totals.pricesIncludeTax ? 0 : totals.taxMinor) + totals.tipMinor).toBe(
    totals.totalMinor,
  );
  expect(totals.standardRatedMinor + totals.zeroRatedMinor + totals.exemptMinor + totals.taxMinor + totals.tipMinor).toBe(totals.totalMinor);
  expect(sum(lines.map((each) => each.totalMinor)) + totals.deliveryFeeMinor + (totals.pricesIncludeTax ? 0 : totals.deliveryFeeTaxMinor) + totals.tipMinor).toBe(
    totals.totalMinor,
  );
  // The stored columns give back the same net sales (what /home and the close read).
  expect(netSalesMinor(totals)).toBe(totals.netSalesMinor);
}

describe('orderTotals: properties', () => {
  it('parts always sum to the total, for every currency exponent and every setting', () => {
    fc.assert(fc.property(input, (each) => checkParts(orderTotals(each))), { numRuns: 500 });
  });

  it('the tax is the rate of its base, rounded once half-up (exclusive), or the rate inside it (inclusive)', () => {
    fc.assert(
      fc.property(input, (each) => {
        const totals = orderTotals(each);
        const rate = totals.taxRateBasisPoints;
        if (each.tax.mode === 'none' || rate === 0) {
          expect(totals.taxMinor).toBe(0);
          return;
        }
        // The standard-rated base without tax times the rate is within half a minor unit of the tax,
        // plus, for inclusive prices, the rate's share of that half unit (the base is what is left).
        const exact = (totals.standardRatedMinor * rate) / 10_000;
        const slack = totals.pricesIncludeTax ? 0.5 * (1 + rate / 10_000) : 0.5;
        expect(Math.abs(totals.taxMinor - exact)).toBeLessThanOrEqual(slack + 1e-9);
      }),
      { numRuns: 500 },
    );
  });

  it('inclusive and exclusive agree: net prices taxed on top, then read as inclusive, give back the same tax and net', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (each, rateBasisPoints, deliveryFeeTaxed) => {
        const exclusive = orderTotals({ ...each, discount: null, tip: null, tax: { mode: 'rate', rateBasisPoints, pricesIncludeTax: false, deliveryFeeTaxed } });
        // The same order, every line priced at its tax-inclusive total (one line per unit keeps it exact).
        const asInclusive = orderTotals({
          ...each,
          discount: null,
          tip: null,
          lines: [
            ...exclusive.lines.map((l, index) => ({ unitPriceMinor: l.totalMinor, quantity: 1, taxCategory: each.lines[index]!.taxCategory })),
          ],
          deliveryFeeMinor: exclusive.deliveryFeeMinor + exclusive.deliveryFeeTaxMinor,
          tax: { mode: 'rate', rateBasisPoints, pricesIncludeTax: true, deliveryFeeTaxed },
        });
        expect(asInclusive.totalMinor).toBe(exclusive.totalMinor);
        expect(asInclusive.taxMinor).toBe(exclusive.taxMinor);
        expect(asInclusive.netSalesMinor).toBe(exclusive.netSalesMinor);
        expect(asInclusive.standardRatedMinor).toBe(exclusive.standardRatedMinor);
      }),
      { numRuns: 500 },
    );
  });

  it('a discount never takes the order below zero and never exceeds what it was asked for', () => {
    fc.assert(
      fc.property(input, (each) => {
        const totals = orderTotals(each);
        expect(totals.discountMinor).toBeLessThanOrEqual(totals.subtotalMinor);
        if (each.discount?.kind === 'fixed') expect(totals.discountMinor).toBe(Math.min(each.discount.minor, totals.subtotalMinor));
      }),
    );
  });

  it('tips are neither taxed nor revenue', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 10_000_000 }), (each, tip) => {
        const without = orderTotals({ ...each, tip: null });
        const withTip = orderTotals({ ...each, tip: { kind: 'amount', minor: tip } });
        expect(withTip.taxMinor).toBe(without.taxMinor);
        expect(withTip.netSalesMinor).toBe(without.netSalesMinor);
        expect(withTip.totalMinor - without.totalMinor).toBe(tip);
      }),
    );
  });

  it('allocate: shares add up and each is within one unit of its exact part', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const weightSum = sum(weights);
        const total = weightSum === 0 ? 0 : Math.floor(weightSum * fraction);
        const shares = allocate(total, weights);
        expect(sum(shares)).toBe(total);
        shares.forEach((share, index) => {
          const exact = weightSum === 0 ? 0 : (total * weights[index]!) / weightSum;
          expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
          expect(share).toBeLessThanOrEqual(weights[index]!);
        });
      }),
    );
  });
});

describe('orderTotals: figures (decision 017)', () => {
  const vat15 = { mode: 'rate', rateBasisPoints: 1500, pricesIncludeTax: true, deliveryFeeTaxed: true } as const;

  it('Riyadh, prices with VAT: 2 × 11.50 SAR + 5.75 SAR, fee 10.00 taxed, tip 10 %', () => {
    const totals = orderTotals({
      currency: 'SAR',
      lines: [
        { unitPriceMinor: 1150, quantity: 2, taxCategory: 'standard' },
        { unitPriceMinor: 575, quantity: 1, taxCategory: 'standard' },
      ],
      deliveryFeeMinor: 1000,
      tax: vat15,
      tip: { kind: 'percent', basisPoints: 1000 },
    });
    // Goods 28.75 + fee 10.00 = 38.75 with VAT; VAT = 38.75 × 15/115 = 5.054… → 5.05.
    expect(totals).toMatchObject({ subtotalMinor: 2875, taxMinor: 505, tipMinor: 288, totalMinor: 2875 + 1000 + 288, standardRatedMinor: 3875 - 505 });
    // The fee's share of the VAT: 505 × 1000/3875 = 130.3 → 130; the lines 375.
    expect(totals.deliveryFeeTaxMinor).toBe(130);
    expect(totals.netSalesMinor).toBe(2875 - 375);
  });

  it('Kuwait, 3 decimals, no tax: the totals are the old ones', () => {
    const totals = orderTotals({
      currency: 'KWD',
      lines: [{ unitPriceMinor: 1_250, quantity: 3, taxCategory: 'standard' }],
      deliveryFeeMinor: 500,
      tax: { mode: 'none' },
    });
    expect(totals).toMatchObject({ subtotalMinor: 3750, taxMinor: 0, tipMinor: 0, discountMinor: 0, totalMinor: 4250, netSalesMinor: 3750 });
  });

  it('a US state, exclusive 8.25 %, fee untaxed, 10 % off, per-total half-up', () => {
    const totals = orderTotals({
      currency: 'USD',
      lines: [
        { unitPriceMinor: 999, quantity: 1, taxCategory: 'standard' },
        { unitPriceMinor: 199, quantity: 3, taxCategory: 'exempt' },
      ],
      deliveryFeeMinor: 300,
      tax: { mode: 'rate', rateBasisPoints: 825, pricesIncludeTax: false, deliveryFeeTaxed: false },
      discount: { kind: 'percent', basisPoints: 1000 },
    });
    // Subtotal 15.96, discount 1.596 → 1.60; the burger's share 1.60 × 999/1596 = 1.0015 → 1.00;
    // tax 8.99 × 8.25 % = 0.741675 → 0.74.
    expect(totals).toMatchObject({ subtotalMinor: 1596, discountMinor: 160, taxMinor: 74, totalMinor: 1596 - 160 + 300 + 74 });
    expect(totals.lines.map((l) => l.discountMinor)).toEqual([100, 60]);
  });

  it('Japan, 0 decimals, 10 % inclusive', () => {
    const totals = orderTotals({
      currency: 'JPY',
      lines: [{ unitPriceMinor: 1_100, quantity: 1, taxCategory: 'standard' }],
      deliveryFeeMinor: 0,
      tax: { mode: 'rate', rateBasisPoints: 1000, pricesIncludeTax: true, deliveryFeeTaxed: true },
    });
    expect(totals).toMatchObject({ taxMinor: 100, netSalesMinor: 1000, totalMinor: 1100 });
  });

  it('half-up, not half-even: exactly half a unit rounds up', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(25, 10)).toBe(3);
    expect(divideHalfUp(24, 10)).toBe(2);
    // 0.10 KWD at 5 %: 5 fils exactly; 0.01 AED at 50 %: half a fils → 1.
    expect(taxOf(100, 500, false)).toBe(5);
    expect(taxOf(1, 5000, false)).toBe(1);
  });

  it.each(['KWD', 'SAR', 'JPY'] as const)('every exponent: %s figures are whole minor units', (code) => {
    const unit = 10 ** minorUnitExponent(code);
    const totals = orderTotals({
      currency: code,
      lines: [{ unitPriceMinor: 3 * unit + 1, quantity: 7, taxCategory: 'standard' }],
      deliveryFeeMinor: unit,
      tax: { mode: 'rate', rateBasisPoints: 1500, pricesIncludeTax: false, deliveryFeeTaxed: true },
      discount: { kind: 'percent', basisPoints: 333 },
      tip: { kind: 'percent', basisPoints: 1500 },
    });
    checkParts(totals);
  });

  it('refuses what no order can be: a negative price, a rate above 100 %, a zero quantity', () => {
    const base = { currency: 'SAR', deliveryFeeMinor: 0, tax: { mode: 'none' } } as const;
    expect(() => orderTotals({ ...base, lines: [{ unitPriceMinor: -1, quantity: 1, taxCategory: 'standard' }] })).toThrow(RangeError);
    expect(() => orderTotals({ ...base, lines: [{ unitPriceMinor: 1, quantity: 0, taxCategory: 'standard' }] })).toThrow(RangeError);
    expect(() =>
      orderTotals({ ...base, lines: [], tax: { mode: 'rate', rateBasisPoints: 10_001, pricesIncludeTax: true, deliveryFeeTaxed: true } }),
    ).toThrow(RangeError);
    expect(() => orderTotals({ ...base, lines: [], tip: { kind: 'amount', minor: -5 } })).toThrow(RangeError);
  });
});
