/**
 * Order intake's checks and pricing (docs/product.md §2.6): the truck may trade, is open
 * and not paused at the time asked for, every line is priced from the menu as it is now (the client
 * never sends a price), the options follow their groups' rules, a delivery point falls in a zone
 * and meets its minimum. Every problem is reported at once, each on the field it concerns, under
 * the code of the most pressing one. Phone orders are taken by staff at the truck: the hours and
 * the pause (which keep customers' apps out) do not apply to them.
 *
 * What it reads (the truck's documents, hours and zones; its menu) comes from the read cache, kept
 * until the database announces a change (decision 009): an order costs no read round trip. The
 * menu is kept with the version it was read at, and the order is written only if that is still the
 * menu's version (orders.service.ts checks it in the writing statement); otherwise it is priced
 * again from fresh rows, so a sold-out switch counts for the very next order (decision 007).
 */
import { deliveryAt, type AvailabilityFacts } from '@domain/availability';
import { DomainError, type Lang } from '@domain/errors';
import { isOpenAt, nextOpening } from '@domain/hours';
import { CUSTOMER_CLOCK, intlLocale } from '@domain/locale';
import { inLanguage, priceLine, type LineProblem, type MenuItem } from '@domain/menu';
import { addMinor, formatMoney, maxTipMinor, orderTotals, taxSettingsOf, type Currency, type OrderTotals } from '@domain/money';
import { promotionErrorCode, reasonValues } from '@domain/promotions';
import { mostPressing, ORDER_LIMITS, type CreateOrder, type OrderSource } from '@domain/orders/contracts';
import { MAX_PREP_MINUTES } from '@domain/orders';
import { localToday, tradingBlocks, type TradingBlock } from '@domain/trucks';
import type { FieldError } from '@domain/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { compiledZones, type ZoneRecord } from '../../db/queries/availability';
import { menuItemsOf } from '../../db/queries/menu';
import { judgePromotion, type PromotionAsk } from '../../db/queries/promotions';
import { menuVersions } from '../../db/tables/menu';
import { createPublicAvailability } from '../../platform/public-availability';
import type { TruckRow } from '../../platform/truck-access';
import type { PlacedOrderDraft } from './orders.service';

type Problem = Omit<FieldError, 'message'>;

/** The item with nothing sold out: what an order taken offline at the counter is priced from (decision 018). */
function stillOnSale(item: MenuItem): MenuItem {
  return {
    ...item,
    soldOutUntil: null,
    optionGroups: item.optionGroups.map((group) => ({ ...group, options: group.options.map((option) => ({ ...option, soldOutUntil: null })) })),
  };
}

const MINUTE_MS = 60_000;
/** A requested time this little in the past is the customer's clock, not a mistake. */
const CLOCK_SLACK_MS = 2 * MINUTE_MS;

const NO_DELIVERY_CODES = {
  outside_all_zones: 'outside_delivery_zone',
  below_minimum: 'below_minimum',
  no_delivery_for_subtotal: 'no_delivery_for_subtotal',
  no_active_zones: 'no_delivery_zones',
  delivery_off: 'delivery_unavailable',
} as const;

/** A truck's menu for pricing, at the version of `menu_versions` read before it (null: the truck has none yet). */
export interface PricingMenu {
  version: number | null;
  items: readonly MenuItem[];
}

/** Reads the menu's version, then its items (all, or `ids`): a change in between leaves an older version, which the write refuses. */
async function readPricingMenu(db: Db, truckId: string, now: Date, ids?: readonly string[]): Promise<PricingMenu> {
  const [row] = await db.select({ version: menuVersions.version }).from(menuVersions).where(eq(menuVersions.truckId, truckId));
  return { version: row?.version ?? null, items: await menuItemsOf(db, truckId, { ids, now }) };
}

/**
 * What the intake reads of a truck, from the read cache: its documents, hours and zones (the facts
 * the public page's "open now?" keeps, under `truck:`) and its whole menu (under `menu:`, which every
 * menu change notifies). `fresh` reads the menu from the database instead, after a write found the
 * kept version stale.
 */
export function createIntakeReads(app: FastifyInstance) {
  const { db } = app.database;
  const availability = createPublicAvailability(app);
  return {
    facts: (truckId: string) => availability.factsOf(truckId),
    /** The promotion the order would get (a code, or else an automatic one): read as it is now; the write redeems under its lock. */
    promotion: (truck: TruckRow, ask: PromotionAsk) => judgePromotion(db, truck, ask),
    menu: async (truckId: string, now: Date, fresh?: { ids: readonly string[] }): Promise<PricingMenu> => {
      if (fresh) return readPricingMenu(db, truckId, now, fresh.ids);
      // Sold-out-until instants are kept as read; priceLine compares them with the order's own time.
      const kept = await app.readCache.remember(`intake-menu:${truckId}`, [`menu:${truckId}`], () => readPricingMenu(db, truckId, now));
      return kept!;
    },
  };
}

export type IntakeReads = ReturnType<typeof createIntakeReads>;

/** Today's trading blocks of a kept documents list, worked out once a day while the list is kept (Temporal's dates are not cheap). */
const blocksOfDocuments = new WeakMap<object, { day: string; blocks: readonly TradingBlock[] }>();

function tradingBlocksOf(status: TruckRow['status'], documents: Parameters<typeof tradingBlocks>[0]['documents'], today: string): readonly TradingBlock[] {
  const day = `${status}:${today}`;
  const known = blocksOfDocuments.get(documents);
  if (known?.day === day) return known.blocks;
  const blocks = tradingBlocks({ status, documents }, today);
  blocksOfDocuments.set(documents, { day, blocks });
  return blocks;
}

interface IntakeContext {
  reads: IntakeReads;
  truck: TruckRow;
  source: OrderSource;
  lang: Lang;
  /** The instant the order is placed at: now, or when a counter tablet with no connection took it (takenAt). */
  now: Date;
  /**
   * Taken at the counter while offline and sent later (decision 018): sold out meanwhile does not
   * undo food already sold and paid for, so availability is not checked again; prices still are.
   */
  takenOffline?: boolean;
}

/** Only online orders meet the hours rules, so the reader is the customer: their clock (docs/glossary.md). */
function formatInstant(at: string | Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit', ...CUSTOMER_CLOCK }).format(
    new Date(at),
  );
}

function lineProblem(problem: LineProblem, item: MenuItem, index: number, lang: Lang): Problem {
  const named = { item: inLanguage(item, lang).text };
  const groupOf = (id: string) => item.optionGroups.find((group) => group.id === id);
  const optionOf = (id: string) => item.optionGroups.flatMap((group) => group.options).find((option) => option.id === id);
  switch (problem.code) {
    case 'invalid_quantity':
      return { path: `lines.${index}.qty`, code: problem.code, params: { ...named, max: problem.max } };
    case 'item_unavailable':
      return { path: `lines.${index}.itemId`, code: problem.code, params: named };
    case 'option_unknown':
    case 'option_duplicate':
      return { path: `lines.${index}.optionIds`, code: problem.code, params: { ...named, optionId: problem.optionId } };
    case 'option_unavailable': {
      const option = optionOf(problem.optionId);
      return { path: `lines.${index}.optionIds`, code: problem.code, params: { ...named, optionId: problem.optionId, option: option ? inLanguage(option, lang).text : '' } };
    }
    default: {
      const group = groupOf(problem.groupId);
      const limits = problem.code === 'option_group_too_few' ? { min: problem.min } : problem.code === 'option_group_too_many' ? { max: problem.max } : {};
      return { path: `lines.${index}.optionIds`, code: problem.code, params: { ...named, groupId: problem.groupId, group: group ? inLanguage(group, lang).text : '', ...limits } };
    }
  }
}

/** The instant the order is for: now, or the later time the customer asked for. */
function orderTime(body: CreateOrder, now: Date, problems: Problem[]): Date {
  if (body.requestedTime === null) return now;
  const requested = new Date(body.requestedTime);
  if (requested.getTime() < now.getTime() - CLOCK_SLACK_MS) problems.push({ path: 'requestedTime', code: 'requested_time_past' });
  if (requested.getTime() > now.getTime() + ORDER_LIMITS.requestedTimeDays * 24 * 60 * MINUTE_MS) {
    problems.push({ path: 'requestedTime', code: 'requested_time_too_far', params: { days: ORDER_LIMITS.requestedTimeDays } });
  }
  return requested > now ? requested : now;
}

function hoursProblems(facts: AvailabilityFacts<ZoneRecord>, at: Date, { truck, lang, now }: IntakeContext): Problem[] {
  if (truck.pausedUntil && truck.pausedUntil > now) {
    return [{ path: 'truck', code: 'truck_paused', params: { until: formatInstant(truck.pausedUntil, truck.timeZone, lang) } }];
  }
  const open = isOpenAt(facts.schedule, at);
  if (open.open) return [];
  const opensAt = nextOpening(facts.schedule, at)?.opensAt.toString();
  if (!opensAt) return [{ path: 'truck', code: 'truck_closed' }];
  return [{ path: 'truck', code: 'truck_opens_at', params: { opensAt: formatInstant(opensAt, truck.timeZone, lang) } }];
}

/**
 * A tip the truck does not take: customers only tip a truck that offers tips (staff taking a call
 * may always add one), and never above the truck's cap of the goods after the discount.
 */
function tipProblems(truck: TruckRow, source: OrderSource, totals: OrderTotals, lang: Lang): Problem[] {
  if (source === 'online' && !truck.tipsEnabled) return [{ path: 'tip', code: 'tips_not_offered' }];
  const max = maxTipMinor(totals.subtotalMinor - totals.discountMinor, truck.tipCapBp);
  if (totals.tipMinor > max) return [{ path: 'tip', code: 'tip_above_cap', params: { max: formatMoney(max, truck.currency as Currency, lang) } }];
  return [];
}

/**
 * The order as it will be written, or a 422 naming every problem. Reads only (kept ones; with
 * `freshMenu`, the menu from the database), before anything is written.
 */
export async function priceOrder(context: IntakeContext, body: CreateOrder, freshMenu = false): Promise<PlacedOrderDraft> {
  const { reads, truck, source, lang, now } = context;
  const currency = truck.currency as Currency;
  const problems: Problem[] = [];

  const ids = [...new Set(body.lines.map((line) => line.itemId))];
  const [kept, menu] = await Promise.all([reads.facts(truck.id), reads.menu(truck.id, now, freshMenu ? { ids } : undefined)]);
  if (!kept) throw new DomainError('truck_not_found', 404);
  const today = localToday(truck.timeZone, now);
  const blocks = tradingBlocksOf(truck.status, kept.documents, today);
  for (const block of blocks) {
    problems.push({ path: 'truck', code: block.code, params: 'type' in block ? { type: block.type } : { status: block.status } });
  }
  const facts: AvailabilityFacts<ZoneRecord> = { schedule: kept.schedule, base: kept.base, zones: compiledZones(kept.zones), mayTrade: true };
  const at = orderTime(body, now, problems);
  if (source === 'online') problems.push(...hoursProblems(facts, at, context));

  const wanted = new Set(ids);
  const itemsById = new Map(menu.items.filter((item) => wanted.has(item.id)).map((item) => [item.id, item]));
  const lines: PlacedOrderDraft['lines'] = [];
  let longestPrep = truck.defaultPrepMinutes;
  body.lines.forEach((line, index) => {
    const item = itemsById.get(line.itemId);
    if (!item) {
      problems.push({ path: `lines.${index}.itemId`, code: 'item_not_found' });
      return;
    }
    const priced = priceLine(context.takenOffline ? stillOnSale(item) : item, line.optionIds, line.qty, now);
    if (!priced.ok) {
      problems.push(...priced.problems.map((problem) => lineProblem(problem, item, index, lang)));
      return;
    }
    longestPrep = Math.max(longestPrep, item.prepMinutes ?? 0);
    const { snapshot } = priced;
    lines.push({
      itemId: item.id,
      nameEn: snapshot.nameEn,
      nameAr: snapshot.nameAr,
      unitPrice: priced.unitPrice,
      qty: line.qty,
      options: snapshot.options,
      note: line.note,
      total: priced.total,
      taxCategory: item.taxCategory,
      discountMinor: 0,
      taxMinor: 0,
    });
  });
  const subtotal = addMinor(...lines.map((line) => line.total));

  let delivery: PlacedOrderDraft['delivery'] = null;
  let deliveryFee = 0;
  if (body.type === 'delivery' && body.delivery) {
    const point = { lat: body.delivery.lat, lng: body.delivery.lng };
    const quote = deliveryAt(facts, point, subtotal, at);
    if (quote.delivers) {
      delivery = { ...body.delivery, zoneName: quote.zone.name };
      deliveryFee = quote.fee;
    } else {
      const minimum = quote.minimumOrder === undefined ? {} : { minimum: formatMoney(quote.minimumOrder, currency, lang) };
      problems.push({ path: 'delivery', code: NO_DELIVERY_CODES[quote.reason], params: minimum });
    }
  }
  let promotion: PlacedOrderDraft['promotion'] = null;
  if (lines.length > 0) {
    const judged = await reads.promotion(truck, { code: body.promotionCode, phone: body.customer.phone, subtotal, type: body.type, now: at });
    if (judged.applies) promotion = judged.promotion;
    else if (judged.reason !== 'none') {
      problems.push({ path: 'promotionCode', code: promotionErrorCode(judged.reason), params: reasonValues(judged.params, currency, lang, source === 'online') });
    }
  }
  // The order's money by the one rule (decision 017), as the customer's basket computed it.
  const totals = orderTotals({
    currency,
    lines: lines.map((line) => ({ unitPriceMinor: line.unitPrice, quantity: line.qty, taxCategory: line.taxCategory })),
    deliveryFeeMinor: deliveryFee,
    tax: taxSettingsOf(truck),
    discount: promotion?.discount ?? null,
    tip: body.tip,
  });
  if (promotion) promotion = { ...promotion, amount: totals.discountMinor };
  if (body.tip !== null) problems.push(...tipProblems(truck, source, totals, lang));
  const { totalMinor: total } = totals;
  if (problems.length === 0 && body.expectedTotal !== undefined && body.expectedTotal !== total) {
    problems.push({ path: 'expectedTotal', code: 'total_changed', params: { total: formatMoney(total, currency, lang) } });
  }
  if (problems.length > 0) throw new DomainError(mostPressing(problems.map((problem) => problem.code)), 422, undefined, problems);

  const acceptAtOnce = source === 'phone' || truck.autoAccept;
  const prepMinutes = Math.min(Math.max(truck.defaultPrepMinutes, 1), MAX_PREP_MINUTES);
  return {
    type: body.type,
    source,
    customer: body.customer,
    delivery,
    lines: lines.map((line, index) => ({ ...line, discountMinor: totals.lines[index]!.discountMinor, taxMinor: totals.lines[index]!.taxMinor })),
    subtotal,
    deliveryFee,
    total,
    money: {
      discountMinor: totals.discountMinor,
      promotionCode: promotion?.code ?? null,
      deliveryFeeTaxMinor: totals.deliveryFeeTaxMinor,
      taxMinor: totals.taxMinor,
      taxRateBp: totals.taxRateBasisPoints,
      pricesIncludeTax: totals.pricesIncludeTax,
      tipMinor: totals.tipMinor,
    },
    promotion,
    paymentMethod: body.paymentMethod,
    requestedTime: body.requestedTime === null ? null : new Date(body.requestedTime),
    estimatedReadyAt: new Date(at.getTime() + longestPrep * MINUTE_MS),
    acceptWithPrepMinutes: acceptAtOnce ? prepMinutes : null,
    businessDate: today,
    menuVersion: menu.version,
  };
}
