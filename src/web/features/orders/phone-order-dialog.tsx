/**
 * Taking an order by phone, with a queue at the window: the customer, pickup or delivery (the point
 * picked on a map), how they pay, and the items, found on the menu by category or by name and
 * tapped in. Every control is large enough for a thumb; a group that takes one choice is radio
 * buttons, one that takes several refuses a pick past its maximum (pickOption, the rule intake
 * checks). Each line's price follows its options and quantity as they change, and what keeps the
 * order from being placed is said beside the field it concerns, the server's refusals too. A local
 * number gets the truck's country code. The total shown is the menu's; the server prices the order
 * again and checks it like any other. One Idempotency-Key per dialog, so a double tap or a retry never
 * enters the order twice. Loaded when first opened.
 */
import { errorMessage, fieldMessage } from '../../ui/messages';
import type { MenuItem } from '@domain/menu';
import { isAvailable, isSingleChoice, MENU_LIMITS, pickOption, priceLine, type LineProblem } from '@domain/menu/line-pricing';
import { detailSeparator } from '@domain/locale';
import type { CreateOrderInput, Order, OrderDesk, PaymentMethod } from '@domain/orders/contracts';
import { truckCallingCode, withTruckCountry } from '@domain/orders/local-phone';
import { addMinor, formatPercent, multiplyMinor, toMinor } from '@domain/money/minor';
import { maxTipMinor, orderTotals, type TipSpec } from '@domain/money/order-totals';
import type { OrderType } from '@domain/orders';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../ui/api-problem';
import { RadioChips } from '../../ui/chips';
import { Loading } from '../../ui/loading';
import { NativeInput, NumberInput } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import type { OrderFormat } from './order-format';
import { isOffline } from './order-alerts.state';
import { queuedView } from './offline-view.state';
import { storeOrder, useCheckPhonePromotionMutation, useOrderMenuQuery, useOrdersDispatch, usePhoneOrderMutation } from './orders.api';
import { useActor } from './use-actor';
import { loadOfflineOrders } from './offline-orders.load';
import { reasonValues } from '@domain/promotions/format';
import type { PromotionPreview } from '@domain/promotions';
import { nameIn, searchable } from '@domain/names';
import './phone-order.css';

const PointPickerMap = lazy(() => import('../../app/map/point-picker-map'));

interface Line {
  /** Stays with the line as others are removed, so React keeps each line's fields with it. */
  key: number;
  item: MenuItem;
  optionIds: string[];
  /** Null while the field is empty. */
  qty: number | null;
  note: string;
}

type Group = MenuItem['optionGroups'][number];
/** Where a problem shows: a customer field, the delivery, a line (its quantity, a group) or the order as a whole. */
type Spot = 'name' | 'phone' | 'address' | 'point' | 'promotion' | 'tip' | 'lines' | `line.${number}` | `line.${number}.qty` | `line.${number}.${string}`;
type Problems = Partial<Record<Spot, string>>;

export interface PhoneOrderDialogProps {
  desk: OrderDesk;
  format: OrderFormat;
  onClose(): void;
  onPlaced(order: Order): void;
}

const ALL = '';

/** The server's field paths ("customer.phone", "lines.0.optionIds") as the dialog's spots. */
function spotOfPath(path: string, lines: readonly Line[]): Spot | null {
  if (path === 'customer.name') return 'name';
  if (path === 'customer.phone') return 'phone';
  if (path.startsWith('delivery')) return 'address';
  if (path === 'promotionCode') return 'promotion';
  if (path === 'tip' || path.startsWith('tip.')) return 'tip';
  const line = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!line) return path === 'lines' ? 'lines' : null;
  const index = Number(line[1]);
  if (!lines[index]) return 'lines';
  return line[2] === 'qty' ? `line.${index}.qty` : `line.${index}`;
}

/** Where a line's own problem shows: beside its quantity, under its group, or on the line. */
function spotOfLineProblem(index: number, problem: LineProblem): Spot {
  if (problem.code === 'invalid_quantity') return `line.${index}.qty`;
  if ('groupId' in problem) return `line.${index}.${problem.groupId}`;
  return `line.${index}`;
}

export default function PhoneOrderDialog({ desk, format, onClose, onPlaced }: PhoneOrderDialogProps) {
  const { t } = useTranslation('orders');
  const menu = useOrderMenuQuery(desk.truckId);
  const [place, { isLoading }] = usePhoneOrderMutation();
  const ordersDispatch = useOrdersDispatch();
  const actor = useActor();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [type, setType] = useState<OrderType>('pickup');
  const [address, setAddress] = useState('');
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>('cash');
  const [lines, setLines] = useState<Line[]>([]);
  const [search, setSearch] = useState('');
  // The first category, not the whole menu: a short list of tiles to pick from, the rest a tap away.
  const [chosenCategory, setCategory] = useState<string | null>(null);
  // Problems show once someone tried to place the order (or the server refused it), never while typing.
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<{ banner: string[]; fields: Problems }>({ banner: [], fields: {} });
  const nextKey = useRef(0);
  const body = useRef<HTMLDivElement>(null);

  const [promotionCode, setPromotionCode] = useState('');
  const [promotion, setPromotion] = useState<{ code: string; subtotal: number; type: OrderType; preview: PromotionPreview } | null>(null);
  const [checkPromotion, checkingPromotion] = useCheckPhonePromotionMutation();
  const now = useMemo(() => new Date(), []);
  // A tip staff add for the caller (decision 017): one of the truck's buttons, or an amount typed in; none at first.
  const [tipChoice, setTipChoice] = useState<{ kind: 'preset'; basisPoints: number } | { kind: 'custom'; text: string }>({ kind: 'preset', basisPoints: 0 });
  const callingCode = truckCallingCode(desk.currency);
  const categories = useMemo(() => [...(menu.data?.categories ?? [])].sort((a, b) => a.position - b.position), [menu.data]);
  const available = useMemo(() => (menu.data?.items ?? []).filter((item) => isAvailable(item, now)).sort((a, b) => a.position - b.position), [menu.data, now]);
  const category = chosenCategory ?? categories[0]?.id ?? ALL;
  const query = searchable(search);
  const shown = available.filter((item) => (query ? searchable(`${item.nameEn} ${item.nameAr}`).includes(query) : category === ALL || item.categoryId === category));
  const sections = categories.map((c) => ({ category: c, items: shown.filter((item) => item.categoryId === c.id) })).filter((section) => section.items.length > 0);

  // A line's price follows what is picked: the options chosen so far, even before the groups' rules hold.
  const lineParts = lines.map((line) => {
    const picked = line.item.optionGroups.flatMap((group) => group.options).filter((option) => line.optionIds.includes(option.id));
    const unit = addMinor(line.item.priceMinor, ...picked.map((option) => option.priceDeltaMinor));
    const qty = line.qty !== null && Number.isInteger(line.qty) && line.qty >= 1 && line.qty <= MENU_LIMITS.lineQuantity ? line.qty : 1;
    return { unit, qty };
  });
  const linePrices = lineParts.map(({ unit, qty }) => multiplyMinor(unit, qty));
  const subtotal = addMinor(...linePrices);

  // The promotion checked for this very basket, as the server will apply it.
  const promotionShown = promotion && promotion.code === promotionCode.trim() && promotion.subtotal === subtotal && promotion.type === type ? promotion : null;
  const discountShown = promotionShown?.preview.applies ? promotionShown.preview.amount : 0;
  const customTip = tipChoice.kind === 'custom' ? toMinor(tipChoice.text.trim() || '0', desk.currency) : null;
  const tip: TipSpec | null =
    tipChoice.kind === 'preset' ? (tipChoice.basisPoints === 0 ? null : { kind: 'percent', basisPoints: tipChoice.basisPoints }) : customTip?.ok && customTip.minor > 0 ? { kind: 'amount', minor: customTip.minor } : null;
  // The money by the one rule intake uses (decision 017): the tax line, the tip and the total before sending. The
  // delivery fee is the zone's, priced by the server.
  const totals = orderTotals({
    currency: desk.currency,
    lines: lines.map((line, index) => ({ unitPriceMinor: lineParts[index]!.unit, quantity: lineParts[index]!.qty, taxCategory: line.item.taxCategory })),
    deliveryFeeMinor: 0,
    tax: desk.tax,
    discount: discountShown > 0 ? { kind: 'fixed', minor: discountShown } : null,
    tip,
  });
  const tipMax = maxTipMinor(totals.subtotalMinor - totals.discountMinor, desk.tips.capBp);
  const tipProblem =
    customTip && !customTip.ok
      ? fieldMessage(format.lang, customTip.code, customTip.params)
      : customTip?.ok && customTip.minor < 0
        ? fieldMessage(format.lang, 'tip_negative')
        : totals.tipMinor > tipMax
          ? fieldMessage(format.lang, 'tip_above_cap', { max: format.money(tipMax, desk.currency) })
          : null;

  const ownProblems: Problems = {};
  if (tipProblem) ownProblems.tip = tipProblem;
  if (!name.trim()) ownProblems.name = fieldMessage(format.lang, 'required');
  if (!phone.trim()) ownProblems.phone = fieldMessage(format.lang, 'required');
  if (type === 'delivery' && !address.trim()) ownProblems.address = fieldMessage(format.lang, 'required');
  if (type === 'delivery' && !point) ownProblems.point = t('phone.pointRequired');
  if (lines.length === 0) ownProblems.lines = t('phone.noItemsChosen');
  lines.forEach((line, index) => {
    const priced = priceLine(line.item, line.optionIds, line.qty ?? 0, now);
    if (priced.ok) return;
    for (const problem of priced.problems) {
      const spot = spotOfLineProblem(index, problem);
      const params = 'min' in problem ? { min: problem.min } : 'max' in problem ? { max: problem.max } : {};
      ownProblems[spot] ??= fieldMessage(format.lang, problem.code, params);
    }
  });
  const problems: Problems = tried ? { ...serverProblems.fields, ...ownProblems } : { ...serverProblems.fields, ...(tipProblem ? { tip: tipProblem } : {}) };
  const problemAt = (spot: Spot) => problems[spot];

  const forgetServerProblems = () => setServerProblems({ banner: [], fields: {} });
  const update = (index: number, change: Partial<Line>) => {
    forgetServerProblems();
    setLines(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  };
  const addItem = (item: MenuItem) => {
    forgetServerProblems();
    // A plain item tapped again is one more of it, not a second line.
    const same = item.optionGroups.length === 0 ? lines.findIndex((line) => line.item.id === item.id && !line.note) : -1;
    if (same >= 0) {
      const qty = lines[same]!.qty ?? 0;
      update(same, { qty: Math.min(qty + 1, MENU_LIMITS.lineQuantity) });
      return;
    }
    const picked = item.optionGroups.flatMap((group) => (group.required && isSingleChoice(group) ? group.options.filter((option) => isAvailable(option, now)).slice(0, 1).map((option) => option.id) : []));
    const key = nextKey.current++;
    setLines([...lines, { key, item, optionIds: picked, qty: 1, note: '' }]);
    // Below the menu on a phone: the new line, with its choices to make, is brought into view.
    requestAnimationFrame(() => body.current?.querySelector(`[data-line-key="${key}"]`)?.scrollIntoView({ block: 'nearest' }));
  };

  function showFirstProblem() {
    // After React has drawn the messages: the first one is brought into view and its field focused.
    requestAnimationFrame(() => {
      body.current?.querySelector('.td-phone-order__error')?.scrollIntoView({ block: 'center' });
      const marked = body.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (marked?.matches('input') ? marked : marked?.querySelector<HTMLElement>('input:not(:disabled)'))?.focus({ preventScroll: true });
    });
  }

  async function submit() {
    setTried(true);
    if (Object.keys(ownProblems).length > 0) {
      forgetServerProblems();
      showFirstProblem();
      return;
    }
    forgetServerProblems();
    const order: CreateOrderInput = {
      lines: lines.map(({ item, optionIds, qty, note }) => ({ itemId: item.id, optionIds, qty: qty ?? 0, note })),
      customer: { name, phone: withTruckCountry(phone, desk.currency) },
      type,
      ...(type === 'delivery' && point ? { delivery: { address, ...point } } : {}),
      paymentMethod: payment,
      ...(promotionCode.trim() ? { promotionCode: promotionCode.trim() } : {}),
      ...(tip ? { tip } : {}),
    };
    // With no connection (or behind changes still waiting): taken from the menu as last loaded, kept on the device and sent later (decision 018).
    const queue = async () => {
      const { queuePhoneOrder } = await loadOfflineOrders();
      const shown = await queuePhoneOrder({ truckId: desk.truckId, menu: menu.data!, order, actor, currency: desk.currency, tax: desk.tax, prepMinutes: desk.defaultPrepMinutes });
      ordersDispatch(storeOrder(desk.truckId, shown));
      onPlaced(shown);
    };
    if (isOffline() || queuedView.get().anyWaiting) return queue();
    try {
      onPlaced(await place({ truckId: desk.truckId, order, idempotencyKey }).unwrap());
    } catch (error) {
      if ((error as { status?: unknown }).status === 'FETCH_ERROR') return queue();
      const problem = problemOf(error);
      if (problem.code === 'unexpected') {
        setServerProblems({ banner: [t('actions.failed')], fields: {} });
        return;
      }
      const fields: Problems = {};
      const unplaced: string[] = [];
      for (const field of problem.fields) {
        const text = fieldMessage(format.lang, field.code, field.params);
        const spot = spotOfPath(field.path, lines);
        if (spot) fields[spot] ??= text;
        else unplaced.push(text);
      }
      setServerProblems({ banner: [errorMessage(format.lang, problem.code, problem.details), ...unplaced], fields });
      showFirstProblem();
    }
  }

  const error = (spot: Spot) => {
    const text = problemAt(spot);
    return text ? (
      <span className="td-phone-order__error" id={`phone-${spot}-error`.replace(/\./g, '-')} data-testid={`phone-error-${spot}`}>
        {text}
      </span>
    ) : null;
  };
  const described = (spot: Spot) => (problemAt(spot) ? `phone-${spot}-error`.replace(/\./g, '-') : undefined);
  const banner = serverProblems.banner.length > 0 ? serverProblems.banner : tried && Object.keys(ownProblems).length > 0 ? [t('phone.fixMarked')] : [];

  const groupRule = (group: Group) => {
    if (isSingleChoice(group)) return t('phone.rule.one');
    if (group.minSelections > 0 && group.maxSelections > group.minSelections) return t('phone.rule.range', { min: group.minSelections, max: group.maxSelections });
    return t('phone.rule.upTo', { count: group.maxSelections });
  };

  return (
    <Modal
      open
      title={t('phone.title')}
      onCancel={onClose}
      width={1000}
      className="td-phone-order-modal"
      okText={t('phone.place')}
      cancelText={t('actions.back')}
      okButtonProps={{ loading: isLoading, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={() => void submit()}
    >
      <div className="td-phone-order" ref={body}>
        {banner.length > 0 && (
          <Notice kind="error" testId="phone-order-problems">
            {banner.join(' ')}
          </Notice>
        )}
        <div className="td-phone-order__customer">
          <div className="td-phone-order__field">
            <label htmlFor="phone-order-name">{t('phone.name')}</label>
            <NativeInput id="phone-order-name" value={name} maxLength={80} invalid={Boolean(problemAt('name'))} aria-describedby={described('name')} onChange={(event) => setName(event.target.value)} testId="phone-name" />
            {error('name')}
          </div>
          <div className="td-phone-order__field">
            <label htmlFor="phone-order-phone">{t('phone.phone')}</label>
            <NativeInput
              id="phone-order-phone"
              value={phone}
              type="tel"
              dir="ltr"
              inputMode="tel"
              placeholder={callingCode ? t('phone.localPlaceholder') : '+…'}
              invalid={Boolean(problemAt('phone'))}
              aria-describedby={described('phone') ?? (callingCode ? 'phone-local-hint' : undefined)}
              onChange={(event) => setPhone(event.target.value)}
              testId="phone-phone"
            />
            {error('phone') ??
              (callingCode && (
                <span className="td-phone-order__hint" id="phone-local-hint">
                  {t('phone.localHint', { code: Number(callingCode) })}
                </span>
              ))}
          </div>
          <div className="td-phone-order__field">
            <span>{t('phone.type')}</span>
            <RadioChips<OrderType> name="phone-order-type" label={t('phone.type')} value={type} onChange={setType} options={(['pickup', 'delivery'] as const).map((value) => ({ value, label: t(`type.${value}`) }))} />
          </div>
          <div className="td-phone-order__field">
            <span>{t('phone.payment')}</span>
            <RadioChips<PaymentMethod> name="phone-order-payment" label={t('phone.payment')} value={payment} onChange={setPayment} options={(['cash', 'card'] as const).map((value) => ({ value, label: t(`payment.${value}`) }))} />
          </div>
        </div>
        {type === 'delivery' && (
          <div className="td-phone-order__section">
            <div className="td-phone-order__field">
              <label htmlFor="phone-order-address">{t('phone.address')}</label>
              <NativeInput id="phone-order-address" value={address} maxLength={300} invalid={Boolean(problemAt('address'))} aria-describedby={described('address')} onChange={(event) => setAddress(event.target.value)} />
              {error('address')}
            </div>
            <Suspense fallback={<Loading />}>
              <PointPickerMap label={t('phone.pickPoint')} zoomLabels={{ zoomIn: t('phone.zoomIn'), zoomOut: t('phone.zoomOut') }} value={point} fallbackCenter={desk.location ?? { lat: 29.37, lng: 47.98 }} onPick={setPoint} />
            </Suspense>
            {error('point')}
          </div>
        )}

        <div className="td-phone-order__work">
          <section className="td-phone-order__section td-phone-menu" aria-labelledby="phone-menu-title">
            <h3 id="phone-menu-title" className="td-phone-order__title">
              {t('phone.menuTitle')}
            </h3>
            <label className="td-phone-order__field">
              {t('phone.search')}
              <NativeInput type="search" value={search} placeholder={t('phone.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} testId="phone-menu-search" />
            </label>
            {!query && categories.length > 1 && (
              <RadioChips<string>
                name="phone-order-category"
                label={t('phone.categories')}
                value={category}
                onChange={setCategory}
                testId="phone-menu-categories"
                options={[{ value: ALL, label: t('phone.allCategories') }, ...categories.map((c) => ({ value: c.id, label: nameIn(c, format.lang) }))]}
              />
            )}
            {menu.isLoading && <Loading />}
            {menu.data && sections.length === 0 && <p className="td-phone-order__hint">{t('phone.noMatch')}</p>}
            {sections.map(({ category: c, items }) => (
              <div key={c.id} className="td-phone-menu__section" data-testid="phone-menu-section">
                <h4 className="td-phone-menu__category">{nameIn(c, format.lang)}</h4>
                <ul className="td-phone-menu__items">
                  {items.map((item) => (
                    <li key={item.id}>
                      <button type="button" className="td-phone-menu__item" onClick={() => addItem(item)} data-testid="phone-menu-item">
                        <span className="td-phone-menu__name" dir="auto">
                          {nameIn(item, format.lang)}
                        </span>
                        <span className="td-phone-menu__price">{format.money(item.priceMinor, desk.currency)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>

          <section className="td-phone-order__section" aria-labelledby="phone-lines-title">
            <h3 id="phone-lines-title" className="td-phone-order__title">
              {t('phone.linesTitle')}
            </h3>
            {lines.length === 0 && <p className="td-phone-order__hint">{t('phone.noLines')}</p>}
            {error('lines')}
            <ul className="td-phone-lines">
              {lines.map((line, index) => {
                const qtySpot: Spot = `line.${index}.qty`;
                return (
                  <li key={line.key} className="td-phone-line" data-line-key={line.key} data-testid={`phone-line-${index}`}>
                    <div className="td-phone-line__head">
                      <span className="td-phone-line__name" dir="auto">
                        {nameIn(line.item, format.lang)}
                      </span>
                      <span className="td-phone-line__price" data-testid={`phone-line-${index}-price`}>
                        {format.money(linePrices[index]!, desk.currency)}
                      </span>
                    </div>
                    {error(`line.${index}`)}
                    <div className="td-phone-line__qty">
                      <button type="button" className="td-phone-line__step" aria-label={t('phone.less')} disabled={(line.qty ?? 0) <= 1} onClick={() => update(index, { qty: Math.max(1, (line.qty ?? 2) - 1) })}>
                        −
                      </button>
                      <NumberInput
                        aria-label={t('phone.qty')}
                        value={line.qty}
                        min={1}
                        max={MENU_LIMITS.lineQuantity}
                        step={1}
                        invalid={Boolean(problemAt(qtySpot))}
                        aria-describedby={described(qtySpot)}
                        onChange={(qty) => update(index, { qty })}
                        className="td-phone-line__qty-input"
                      />
                      <button type="button" className="td-phone-line__step" aria-label={t('phone.more')} disabled={(line.qty ?? 0) >= MENU_LIMITS.lineQuantity} onClick={() => update(index, { qty: Math.min(MENU_LIMITS.lineQuantity, (line.qty ?? 0) + 1) })}>
                        +
                      </button>
                      {error(qtySpot)}
                    </div>
                    {line.item.optionGroups.map((group) => {
                      const spot: Spot = `line.${index}.${group.id}`;
                      const single = isSingleChoice(group);
                      const chosen = group.options.filter((option) => line.optionIds.includes(option.id)).length;
                      const full = !single && chosen >= group.maxSelections;
                      return (
                        <fieldset key={group.id} className="td-phone-group" aria-invalid={Boolean(problemAt(spot)) || undefined} aria-describedby={described(spot)} data-testid={`phone-group-${group.id}`}>
                          <legend>
                            <span dir="auto">{nameIn(group, format.lang)}</span>
                            <span className="td-phone-group__rule">
                              {detailSeparator(format.lang)}
                              {groupRule(group)}
                              {(group.required || group.minSelections > 0) && `${detailSeparator(format.lang)}${t('phone.required')}`}
                            </span>
                          </legend>
                          <div className="td-phone-group__options">
                            {group.options.map((option) => {
                              const checked = line.optionIds.includes(option.id);
                              const soldOut = !isAvailable(option, now);
                              return (
                                <label key={option.id} className="td-phone-option">
                                  <input
                                    type={single ? 'radio' : 'checkbox'}
                                    name={`phone-line-${line.key}-${group.id}`}
                                    checked={checked}
                                    disabled={soldOut || (full && !checked)}
                                    onChange={(event) => update(index, { optionIds: pickOption(group, line.optionIds, option.id, event.target.checked) })}
                                  />
                                  <span dir="auto">{nameIn(option, format.lang)}</span>
                                  <span className="td-phone-option__delta">
                                    {soldOut ? t('phone.soldOut') : option.priceDeltaMinor > 0 ? `+${format.money(option.priceDeltaMinor, desk.currency)}` : ''}
                                  </span>
                                </label>
                              );
                            })}
                          </div>
                          {full && (
                            <span className="td-phone-order__hint" data-testid={`phone-group-${group.id}-full`}>
                              {t('phone.groupFull', { count: group.maxSelections })}
                            </span>
                          )}
                          {error(spot)}
                        </fieldset>
                      );
                    })}
                    <div className="td-phone-line__foot">
                      <NativeInput className="td-phone-line__note" aria-label={t('phone.note')} placeholder={t('phone.note')} value={line.note} maxLength={200} onChange={(event) => update(index, { note: event.target.value })} />
                      <Button
                        danger
                        size="large"
                        onClick={() => {
                          forgetServerProblems();
                          setLines(lines.filter((_, i) => i !== index));
                        }}
                      >
                        {t('phone.remove')}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <strong className="td-phone-order__subtotal" data-testid="phone-subtotal">
              {t('phone.subtotal', { amount: format.money(subtotal, desk.currency) })}
            </strong>
            <div className="td-phone-order__field">
              <label htmlFor="phone-order-promotion">{t('phone.promotion')}</label>
              <div className="td-phone-order__promotion">
                <NativeInput
                  id="phone-order-promotion"
                  dir="auto"
                  autoComplete="off"
                  maxLength={40}
                  value={promotionCode}
                  invalid={Boolean(problemAt('promotion'))}
                  aria-describedby={described('promotion')}
                  onChange={(event) => {
                    forgetServerProblems();
                    setPromotionCode(event.target.value);
                    setPromotion(null);
                  }}
                  testId="phone-promotion"
                />
                <Button
                  size="large"
                  disabled={promotionCode.trim() === '' || subtotal <= 0}
                  loading={checkingPromotion.isLoading}
                  onClick={() => {
                    const code = promotionCode.trim();
                    void checkPromotion({ truckId: desk.truckId, check: { code, subtotal, type } })
                      .unwrap()
                      .then((preview) => setPromotion({ code, subtotal, type, preview }), () => setPromotion(null));
                  }}
                  data-testid="phone-promotion-check"
                >
                  {t('phone.promotionCheck')}
                </Button>
              </div>
              {promotionShown && (
                <span className={promotionShown.preview.applies ? undefined : 'td-phone-order__error'} data-testid="phone-promotion-answer">
                  {promotionShown.preview.applies
                    ? t('phone.promotionApplies', { name: promotionShown.preview.name, amount: format.money(promotionShown.preview.amount, desk.currency), total: format.money(subtotal - promotionShown.preview.amount, desk.currency) })
                    : errorMessage(format.lang, promotionShown.preview.reason === 'none' ? 'promotion_none' : `promotion_${promotionShown.preview.reason}`, reasonValues(promotionShown.preview.params, desk.currency, format.lang))}
                </span>
              )}
              {error('promotion')}
            </div>
            <fieldset className="td-phone-order__field td-phone-tip" aria-invalid={Boolean(problemAt('tip')) || undefined} aria-describedby={described('tip')} data-testid="phone-tip">
              <legend>{t('phone.tip.title')}</legend>
              <div className="td-phone-tip__choices">
                {[0, ...desk.tips.presetsBp.filter((basisPoints) => basisPoints > 0)].map((basisPoints) => (
                  <label key={basisPoints} className="td-phone-option">
                    <input type="radio" name="phone-order-tip" checked={tipChoice.kind === 'preset' && tipChoice.basisPoints === basisPoints} onChange={() => setTipChoice({ kind: 'preset', basisPoints })} />
                    <span>{basisPoints === 0 ? t('phone.tip.none') : formatPercent(basisPoints, format.lang)}</span>
                  </label>
                ))}
                <label className="td-phone-option">
                  <input type="radio" name="phone-order-tip" checked={tipChoice.kind === 'custom'} onChange={() => setTipChoice({ kind: 'custom', text: '' })} />
                  <span>{t('phone.tip.custom')}</span>
                </label>
              </div>
              {tipChoice.kind === 'custom' && (
                <NativeInput
                  aria-label={t('phone.tip.amount', { currency: desk.currency })}
                  inputMode="decimal"
                  dir="ltr"
                  suffix={desk.currency}
                  value={tipChoice.text}
                  invalid={Boolean(problemAt('tip'))}
                  onChange={(event) => {
                    forgetServerProblems();
                    setTipChoice({ kind: 'custom', text: event.target.value });
                  }}
                  testId="phone-tip-amount"
                />
              )}
              {error('tip') ?? <span className="td-phone-order__hint">{t('phone.tip.hint', { max: format.money(tipMax, desk.currency) })}</span>}
            </fieldset>
            <dl className="td-phone-totals" data-testid="phone-totals">
              <div>
                <dt>{t('panel.subtotal')}</dt>
                <dd>{format.money(totals.subtotalMinor, desk.currency)}</dd>
              </div>
              {totals.discountMinor > 0 && (
                <div>
                  <dt>{t('panel.discount')}</dt>
                  <dd>−{format.money(totals.discountMinor, desk.currency)}</dd>
                </div>
              )}
              {totals.taxRateBasisPoints > 0 && (
                <div data-testid="phone-tax">
                  <dt>{t(totals.pricesIncludeTax ? 'panel.taxIncluded' : 'panel.tax', { rate: formatPercent(totals.taxRateBasisPoints, format.lang) })}</dt>
                  <dd>{format.money(totals.taxMinor, desk.currency)}</dd>
                </div>
              )}
              {totals.tipMinor > 0 && (
                <div data-testid="phone-tip-line">
                  <dt>{t('panel.tip')}</dt>
                  <dd>{format.money(totals.tipMinor, desk.currency)}</dd>
                </div>
              )}
              <div className="td-phone-totals__total" data-testid="phone-total">
                <dt>{type === 'delivery' ? t('phone.totalBeforeDelivery') : t('panel.total')}</dt>
                <dd>{format.money(totals.totalMinor, desk.currency)}</dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </Modal>
  );
}
