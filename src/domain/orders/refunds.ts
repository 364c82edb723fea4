/**
 * Refunds (issue 44): money given back on a paid order, the whole of what is left or chosen lines,
 * always with a reason. The amount is never sent: this module's pure rule computes it from the
 * order's snapshotted money (decision 017) with the money core's half-up division, and splits it into
 * the parts the figures need (net sales, tax, delivery fee, tip) so /home and the CSV subtract exactly
 * what went back.
 *
 * - A line's share of q of its Q units is its cumulative share: round(part × (before + q) / Q) −
 *   round(part × before / Q), for each of its net and its tax; refunding every unit, in any number of
 *   refunds, gives back exactly the line's net and tax, never a minor unit more.
 * - A whole refund is everything paid less what was already given back: the rest of every line, the
 *   delivery fee and the tip. A tip goes back only with a whole refund.
 * - A refund is never more than paid − already refunded (`refund_above_paid`), a line never more than
 *   its units not yet refunded; an order not paid cannot be refunded (`order_not_paid`); a choice
 *   worth nothing (free items) is no refund (`refund_nothing`). Every refund is of more than 0.
 */
import { z } from 'zod';
import { divideHalfUp, netSalesMinor } from '../money';
import { ReasonSchema } from '../status-flow';

export const REFUND_KINDS = ['whole', 'lines'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

const LineNoSchema = z.int().min(0).max(32_767);

export const RefundLineInputSchema = z.strictObject({
  /** The line's number: its position in the order's `lines`, from 0. */
  lineNo: LineNoSchema,
  qty: z.int().min(1).max(10_000),
});

export const CreateRefundSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('whole'), reason: ReasonSchema }),
  z.strictObject({
    kind: z.literal('lines'),
    lines: z
      .array(RefundLineInputSchema)
      .min(1)
      .max(50)
      .refine((lines) => new Set(lines.map((line) => line.lineNo)).size === lines.length, { params: { code: 'refund_line_duplicate' } }),
    reason: ReasonSchema,
  }),
]);
export type CreateRefund = z.infer<typeof CreateRefundSchema>;

const MinorSchema = z.int().nonnegative();

/** One line of a refund: how many of its units went back, and for how much (net sales + tax; the net sales apart, for the item figures). */
export const RefundLineSchema = z.object({ lineNo: LineNoSchema, qty: z.int().min(1), amountMinor: MinorSchema, netSalesMinor: MinorSchema });
export type RefundLine = z.infer<typeof RefundLineSchema>;

export const RefundSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  kind: z.enum(REFUND_KINDS),
  /** What went back in all: netSales + tax + deliveryFee + tip. */
  amountMinor: MinorSchema,
  /** Its parts: revenue (net sales) given back, the tax in it, the delivery fee without its tax, the tip. */
  netSalesMinor: MinorSchema,
  taxMinor: MinorSchema,
  deliveryFeeMinor: MinorSchema,
  tipMinor: MinorSchema,
  lines: z.array(RefundLineSchema),
  reason: z.string(),
  by: z.object({ id: z.uuid().nullable(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Refund = z.infer<typeof RefundSchema>;

/** What POST answers: the refund and the order's refunded total after it. */
export const RefundCreatedSchema = z.object({ refund: RefundSchema, refundedMinor: MinorSchema, order: z.object({ id: z.uuid(), version: z.int() }) });
export type RefundCreated = z.infer<typeof RefundCreatedSchema>;

export const RefundListSchema = z.object({ refunds: z.array(RefundSchema), refundedMinor: MinorSchema });
export type RefundList = z.infer<typeof RefundListSchema>;

// ---- The rule ------------------------------------------------------------------------------------

/** An order's money as its snapshot stores it (orders and order_lines columns). */
export interface RefundableOrder {
  paid: boolean;
  pricesIncludeTax: boolean;
  subtotalMinor: number;
  discountMinor: number;
  deliveryFeeMinor: number;
  deliveryFeeTaxMinor: number;
  taxMinor: number;
  tipMinor: number;
  totalMinor: number;
  lines: readonly { lineNo: number; qty: number; amountMinor: number; discountMinor: number; taxMinor: number }[];
}

/** A refund's money, as computed here and as stored. */
export interface RefundMoney {
  amountMinor: number;
  netSalesMinor: number;
  taxMinor: number;
  deliveryFeeMinor: number;
  tipMinor: number;
  lines: RefundLine[];
}

export type RefundRequest = { kind: 'whole' } | { kind: 'lines'; lines: readonly { lineNo: number; qty: number }[] };

export type RefundProblem = { path: string; code: 'order_not_paid' | 'refund_above_paid' | 'refund_line_unknown' | 'refund_nothing'; params?: Record<string, unknown> };

export type RefundDecision =
  | { ok: true; refund: RefundMoney }
  | { ok: false; code: 'order_not_paid' | 'refund_above_paid' | 'refund_nothing'; status: 409 | 422; problems: RefundProblem[] };

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** What the earlier refunds gave back, in all and per part. */
export function refundedSoFar(earlier: readonly RefundMoney[]): Omit<RefundMoney, 'lines'> & { units: Map<number, number> } {
  const units = new Map<number, number>();
  for (const refund of earlier) for (const line of refund.lines) units.set(line.lineNo, (units.get(line.lineNo) ?? 0) + line.qty);
  return {
    amountMinor: sum(earlier.map((r) => r.amountMinor)),
    netSalesMinor: sum(earlier.map((r) => r.netSalesMinor)),
    taxMinor: sum(earlier.map((r) => r.taxMinor)),
    deliveryFeeMinor: sum(earlier.map((r) => r.deliveryFeeMinor)),
    tipMinor: sum(earlier.map((r) => r.tipMinor)),
    units,
  };
}

/** A line's net (what it sold for without tax, after its discount): its part of net sales. */
const lineNet = (order: RefundableOrder, line: RefundableOrder['lines'][number]) => line.amountMinor - line.discountMinor - (order.pricesIncludeTax ? line.taxMinor : 0);

/** The part of `whole` that `units` of `of` units carry, half-up: cumulative, so the parts of all units add up to `whole`. */
const shareOf = (whole: number, units: number, of: number) => divideHalfUp(BigInt(whole) * BigInt(units), of);

/** The order's net sales, delivery fee (without its tax), tax and tip: their sum is the total paid. */
export function paidParts(order: RefundableOrder) {
  const netSales = netSalesMinor(order);
  const deliveryFee = order.deliveryFeeMinor - (order.pricesIncludeTax ? order.deliveryFeeTaxMinor : 0);
  return { netSalesMinor: netSales, deliveryFeeMinor: deliveryFee, taxMinor: order.taxMinor, tipMinor: order.tipMinor };
}

/**
 * The refund `request` on `order` after the `earlier` refunds: its money, or why not. Pure; the
 * server calls it with the order row locked, so two refunds never both take the last of the money.
 */
export function decideRefund(order: RefundableOrder, earlier: readonly RefundMoney[], request: RefundRequest): RefundDecision {
  if (!order.paid) return { ok: false, code: 'order_not_paid', status: 409, problems: [{ path: '', code: 'order_not_paid' }] };
  const before = refundedSoFar(earlier);
  const left = order.totalMinor - before.amountMinor;

  if (request.kind === 'whole') {
    const parts = paidParts(order);
    const lines = order.lines
      .map((line) => ({ lineNo: line.lineNo, qty: line.qty - (before.units.get(line.lineNo) ?? 0), line }))
      .filter((entry) => entry.qty > 0)
      .map(({ lineNo, qty, line }) => {
        const done = line.qty - qty;
        const net = shareOf(lineNet(order, line), line.qty, line.qty) - shareOf(lineNet(order, line), done, line.qty);
        const tax = line.taxMinor - shareOf(line.taxMinor, done, line.qty);
        return { lineNo, qty, amountMinor: net + tax, netSalesMinor: net };
      });
    const refund: RefundMoney = {
      amountMinor: left,
      netSalesMinor: parts.netSalesMinor - before.netSalesMinor,
      taxMinor: parts.taxMinor - before.taxMinor,
      deliveryFeeMinor: parts.deliveryFeeMinor - before.deliveryFeeMinor,
      tipMinor: parts.tipMinor - before.tipMinor,
      lines,
    };
    if (left <= 0) return aboveLeft(left);
    return { ok: true, refund };
  }

  const problems: RefundProblem[] = [];
  const lines: RefundLine[] = [];
  let netSales = 0;
  let tax = 0;
  request.lines.forEach((wanted, index) => {
    const line = order.lines.find((candidate) => candidate.lineNo === wanted.lineNo);
    if (!line) {
      problems.push({ path: `lines.${index}.lineNo`, code: 'refund_line_unknown' });
      return;
    }
    const done = before.units.get(line.lineNo) ?? 0;
    if (wanted.qty > line.qty - done) {
      problems.push({ path: `lines.${index}.qty`, code: 'refund_above_paid', params: { max: line.qty - done } });
      return;
    }
    const net = shareOf(lineNet(order, line), done + wanted.qty, line.qty) - shareOf(lineNet(order, line), done, line.qty);
    const lineTax = shareOf(line.taxMinor, done + wanted.qty, line.qty) - shareOf(line.taxMinor, done, line.qty);
    netSales += net;
    tax += lineTax;
    lines.push({ lineNo: line.lineNo, qty: wanted.qty, amountMinor: net + lineTax, netSalesMinor: net });
  });
  if (problems.length > 0) return { ok: false, code: 'refund_above_paid', status: 422, problems };
  const amountMinor = netSales + tax;
  if (amountMinor > left) return aboveLeft(left);
  // Items that cost nothing (free, or wholly discounted) have no money to give back.
  if (amountMinor === 0) return { ok: false, code: 'refund_nothing', status: 422, problems: [{ path: 'lines', code: 'refund_nothing' }] };
  return { ok: true, refund: { amountMinor, netSalesMinor: netSales, taxMinor: tax, deliveryFeeMinor: 0, tipMinor: 0, lines } };
}

function aboveLeft(left: number): RefundDecision {
  return { ok: false, code: 'refund_above_paid', status: 422, problems: [{ path: '', code: 'refund_above_paid', params: { max: Math.max(0, left) } }] };
}

/** What a refund of chosen lines would give back, for the dialog to show before confirming (the server decides again). */
export function previewRefund(order: RefundableOrder, earlier: readonly RefundMoney[], request: RefundRequest): number | null {
  const decision = decideRefund(order, earlier, request);
  return decision.ok ? decision.refund.amountMinor : null;
}
