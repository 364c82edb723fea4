/**
 * An order's money, computed by ONE pure function (decision 017): lines, discount, delivery fee, tax,
 * tip and total, in integer minor units of the truck's currency. The customer page's basket, the
 * intake, the receipt, the CSV, /home and the day's close all read these figures, never their own sums.
 * No zod and no other module of ours but minor.ts: the customer page carries this file as it is.
 *
 * The rounding rule (decision 017): tax is computed once per tax category on the order's total base
 * and rounded half-up to the currency's minor unit; a discount is rounded half-up once on the line
 * subtotal; both are then allocated over the lines by largest remainder, so the per-line figures
 * always add up to the order's exactly.
 */
import { addMinor, multiplyMinor } from './minor';

export const TAX_CATEGORIES = ['standard', 'zero_rated', 'exempt'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** 10 000 basis points are 100 %: a rate above that is refused, as is a negative one. */
export const BASIS_POINTS = 10_000;

export type TaxSettings =
  | { mode: 'none' }
  | {
      mode: 'rate';
      /** 1500 = 15 % (Saudi VAT), 500 = 5 % (UAE, Oman), 1000 = 10 % (Bahrain), 825 = 8.25 % (Texas). */
      rateBasisPoints: number;
      /** Prices (items, options and the delivery fee) are entered with the tax in them: GCC practice. */
      pricesIncludeTax: boolean;
      /** The delivery fee bears the standard rate (as the jurisdiction says), or is outside the tax. */
      deliveryFeeTaxed: boolean;
    };

/** Off the line subtotal, never below zero. */
export type DiscountSpec = { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; minor: number };

/** Not taxed and not revenue. A percentage is of the goods after the discount, as the customer sees them. */
export type TipSpec = { kind: 'percent'; basisPoints: number } | { kind: 'amount'; minor: number };

export interface TotalsLineInput {
  /** The item's price plus its chosen options' deltas (priceLine's unitPrice), as entered. */
  unitPriceMinor: number;
  quantity: number;
  taxCategory: TaxCategory;
}

export interface OrderTotalsInput {
  currency: string;
  lines: readonly TotalsLineInput[];
  deliveryFeeMinor: number;
  tax: TaxSettings;
  discount?: DiscountSpec | null;
  tip?: TipSpec | null;
}

export interface LineTotals {
  taxCategory: TaxCategory;
  /** unit price × quantity, as entered (with tax in it when prices include tax). */
  amountMinor: number;
  /** This line's share of the order's discount. */
  discountMinor: number;
  /** This line's share of the order's tax (0 unless standard-rated). */
  taxMinor: number;
  /** What the line sells for without tax, after its discount: its part of net sales. */
  netMinor: number;
  /** What the customer pays for the line: net + tax. */
  totalMinor: number;
}

export interface OrderTotals {
  currency: string;
  lines: LineTotals[];
  /** Σ line amounts, as entered (tax-inclusive when prices include tax). */
  subtotalMinor: number;
  discountMinor: number;
  /** As entered (with its tax in it when prices include tax and the fee is taxed). */
  deliveryFeeMinor: number;
  /** The delivery fee's share of taxMinor. */
  deliveryFeeTaxMinor: number;
  /** 0 when the truck charges no tax. */
  taxRateBasisPoints: number;
  pricesIncludeTax: boolean;
  /** Taxable bases, without tax: standard-rated (lines and a taxed fee), zero-rated, and exempt or untaxed. */
  standardRatedMinor: number;
  zeroRatedMinor: number;
  exemptMinor: number;
  taxMinor: number;
  tipMinor: number;
  /** Revenue: subtotal − discount, without tax (decision 017). The same as netSalesMinor(this). */
  netSalesMinor: number;
  /** subtotal − discount + delivery fee + tax (when added on top) + tip. */
  totalMinor: number;
}

function assertAmount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
}

function assertBasisPoints(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0 || value > BASIS_POINTS) throw new RangeError(`${name} must be 0..${BASIS_POINTS} basis points, got ${value}`);
}

/** round(numerator / denominator), halves up, for non-negative integers; exact (BigInt) at any size. */
export function divideHalfUp(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (n < 0n || d <= 0n) throw new RangeError('divideHalfUp takes a non-negative numerator and a positive denominator');
  const result = Number((2n * n + d) / (2n * d));
  if (!Number.isSafeInteger(result)) throw new RangeError('amount out of range');
  return result;
}

/**
 * Splits `total` over `weights` in proportion, by largest remainder: every share is the floor of its
 * exact part, and the units left go to the largest remainders (earlier first on a tie). The shares
 * always add up to `total`, and none is more than one unit off its exact part.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) {
    if (total !== 0) throw new RangeError('cannot allocate an amount over zero weights');
    return weights.map(() => 0);
  }
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares: number[] = [];
  const remainders: { index: number; remainder: bigint }[] = [];
  let given = 0;
  weights.forEach((weight, index) => {
    const exact = bigTotal * BigInt(weight);
    const share = Number(exact / bigSum);
    shares.push(share);
    given += share;
    remainders.push({ index, remainder: exact % bigSum });
  });
  let left = total - given;
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The discount an order gets off its line subtotal: half-up, capped at the subtotal. */
export function discountOf(subtotalMinor: number, spec: DiscountSpec | null | undefined): number {
  if (!spec) return 0;
  if (spec.kind === 'percent') {
    assertBasisPoints(spec.basisPoints, 'discount');
    return Math.min(subtotalMinor, divideHalfUp(BigInt(subtotalMinor) * BigInt(spec.basisPoints), BASIS_POINTS));
  }
  assertAmount(spec.minor, 'discount');
  return Math.min(subtotalMinor, spec.minor);
}

/** The tip of a spec on the goods after the discount (`baseMinor`): half-up. */
export function tipOf(baseMinor: number, spec: TipSpec | null | undefined): number {
  if (!spec) return 0;
  if (spec.kind === 'percent') {
    assertBasisPoints(spec.basisPoints, 'tip');
    return divideHalfUp(BigInt(baseMinor) * BigInt(spec.basisPoints), BASIS_POINTS);
  }
  assertAmount(spec.minor, 'tip');
  return spec.minor;
}

/** The tax in `baseMinor` at `rate`: on top of it (exclusive prices) or inside it (inclusive), half-up, once. */
export function taxOf(baseMinor: number, rateBasisPoints: number, pricesIncludeTax: boolean): number {
  const exact = BigInt(baseMinor) * BigInt(rateBasisPoints);
  return divideHalfUp(exact, pricesIncludeTax ? BASIS_POINTS + rateBasisPoints : BASIS_POINTS);
}

export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const { tax } = input;
  assertAmount(input.deliveryFeeMinor, 'deliveryFeeMinor');
  const rate = tax.mode === 'rate' ? tax.rateBasisPoints : 0;
  assertBasisPoints(rate, 'tax rate');
  const inclusive = tax.mode === 'rate' && tax.pricesIncludeTax;
  const feeTaxed = tax.mode === 'rate' && tax.deliveryFeeTaxed;

  const amounts = input.lines.map((line, index) => {
    assertAmount(line.unitPriceMinor, `lines[${index}].unitPriceMinor`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`lines[${index}].quantity must be a positive integer`);
    return multiplyMinor(line.unitPriceMinor, line.quantity);
  });
  const subtotalMinor = addMinor(...amounts);
  const discountMinor = discountOf(subtotalMinor, input.discount);
  const lineDiscounts = allocate(discountMinor, amounts);
  const discounted = amounts.map((amount, index) => amount - lineDiscounts[index]!);

  // The standard-rated base: its lines after their discount, and the fee when it is taxed.
  const standard = input.lines.map((line, index) => (tax.mode === 'rate' && line.taxCategory === 'standard' ? discounted[index]! : 0));
  const feeWeight = feeTaxed ? input.deliveryFeeMinor : 0;
  const standardBase = addMinor(...standard, feeWeight);
  const taxMinor = rate === 0 ? 0 : taxOf(standardBase, rate, inclusive);
  const taxShares = allocate(taxMinor, [...standard, feeWeight]);
  const deliveryFeeTaxMinor = taxShares[standard.length]!;

  let standardRatedMinor = 0;
  let zeroRatedMinor = 0;
  let exemptMinor = 0;
  let netSalesMinor = 0;
  const lines: LineTotals[] = input.lines.map((line, index) => {
    const lineTax = taxShares[index]!;
    const netMinor = inclusive ? discounted[index]! - lineTax : discounted[index]!;
    netSalesMinor += netMinor;
    if (tax.mode === 'rate' && line.taxCategory === 'standard') standardRatedMinor += netMinor;
    else if (tax.mode === 'rate' && line.taxCategory === 'zero_rated') zeroRatedMinor += netMinor;
    else exemptMinor += netMinor;
    return {
      taxCategory: line.taxCategory,
      amountMinor: amounts[index]!,
      discountMinor: lineDiscounts[index]!,
      taxMinor: lineTax,
      netMinor,
      totalMinor: netMinor + lineTax,
    };
  });
  const feeNet = inclusive ? input.deliveryFeeMinor - deliveryFeeTaxMinor : input.deliveryFeeMinor;
  if (feeTaxed) standardRatedMinor += feeNet;
  else exemptMinor += feeNet;

  const tipMinor = tipOf(subtotalMinor - discountMinor, input.tip);
  const totalMinor = addMinor(subtotalMinor, -discountMinor, input.deliveryFeeMinor, inclusive ? 0 : taxMinor, tipMinor);
  return {
    currency: input.currency,
    lines,
    subtotalMinor,
    discountMinor,
    deliveryFeeMinor: input.deliveryFeeMinor,
    deliveryFeeTaxMinor,
    taxRateBasisPoints: rate,
    pricesIncludeTax: inclusive,
    standardRatedMinor,
    zeroRatedMinor,
    exemptMinor,
    taxMinor,
    tipMinor,
    netSalesMinor,
    totalMinor,
  };
}

/** What an order stores of its money: enough to give back its net sales without its lines. */
export interface StoredOrderMoney {
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  deliveryFeeTaxMinor: number;
  pricesIncludeTax: boolean;
}

/**
 * Net sales (revenue), defined once for /home, the CSV and the day's close: the line subtotal less the
 * discount, without tax (so with inclusive prices, less the tax on the lines) and without tips and
 * delivery fees. An order placed before tax existed has tax 0, discount 0: its net sales are its subtotal.
 */
export function netSalesMinor(order: StoredOrderMoney): number {
  const lineTax = order.pricesIncludeTax ? order.taxMinor - order.deliveryFeeTaxMinor : 0;
  return order.subtotalMinor - order.discountMinor - lineTax;
}

/**
 * The same definition in SQL over the orders table's columns, for aggregates (/home, the close).
 * `alias` is the table's alias in the query, or '' for none.
 */
export function netSalesSql(alias = ''): string {
  const c = (column: string) => (alias ? `${alias}.${column}` : column);
  return `(${c('subtotal')} - ${c('discount_minor')} - CASE WHEN ${c('prices_include_tax')} THEN ${c('tax_minor')} - ${c('delivery_fee_tax_minor')} ELSE 0 END)`;
}
