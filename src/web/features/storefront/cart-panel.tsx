/**
 * The basket and checkout: pickup or delivery, where to (the phone's location or a pin), whether the
 * truck delivers there before placing (the shared availability answer: zone, fee, minimum, minutes,
 * or why not), then one order per attempt (Idempotency-Key) at the total the customer saw.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { DeliveryQuote } from '@domain/zones';
import { ApiProblem, fetchAvailability, newKey, placeOrder } from './storefront.api';
import { fieldsOf, isInputProblem, problemText, type FieldLabels } from './problems';
import type { PricedCartLine, useCart } from './cart';
import { rememberOrder } from './cart';
import type { PageFormat } from './format';
import { useWording, type Translate } from './i18n';
import type { Availability, StorefrontTruck } from './page-data';
import { Sheet } from './sheet';
import { PromotionField, usePromotion } from './promotion-field';
import { nameIn } from '@domain/names';
import { maxTipMinor, orderTotals, type TipSpec } from '@domain/money/order-totals';
import { toMinor } from '@domain/money/minor';
import { normalizePhone } from '@domain/digits';

const PointPicker = lazy(() => import('./point-picker'));

interface Point {
  lat: number;
  lng: number;
}

type Quote = { state: 'idle' } | { state: 'checking' } | { state: 'done'; quote: DeliveryQuote } | { state: 'failed' };

const FIELD_LABELS: FieldLabels = { 'customer.name': 'checkout.name', 'customer.phone': 'checkout.phone', 'delivery.address': 'checkout.address' };

function deliveryText(quote: DeliveryQuote, format: PageFormat, t: Translate): string {
  // The zone's name is the truck's own label for its map ("Around the truck"), not the customer's.
  if (quote.delivers) return t('checkout.deliversHere', { fee: format.money(quote.fee), count: quote.estimatedMinutes });
  return t(`delivery.${quote.reason}`, { minimum: quote.minimumOrder === undefined ? '' : format.money(quote.minimumOrder) });
}

export function CartPanel(props: {
  truck: StorefrontTruck;
  availability: Availability;
  priced: { lines: PricedCartLine[]; subtotal: number; orderable: boolean };
  cart: ReturnType<typeof useCart>;
  format: PageFormat;
  onClose(): void;
  onPriceChange(): Promise<void>;
  onPlaced(publicId: string): void;
}) {
  const { truck, availability, priced, cart, format, onClose, onPriceChange, onPlaced } = props;
  const { lang, t } = useWording();
  const [type, setType] = useState<'pickup' | 'delivery'>('pickup');
  const [address, setAddress] = useState('');
  const [point, setPoint] = useState<Point | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [answer, setAnswer] = useState<{ ask: string; quote: DeliveryQuote | null } | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [payment, setPayment] = useState<'cash' | 'card'>('cash');
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<{ input: boolean; texts: string[] }>({ input: false, texts: [] });
  const [notice, setNotice] = useState<string | null>(null);
  // One key per attempt, kept while the order stays the same: a double tap or a retry is the same order.
  const attempt = useRef({ key: '', body: '', busy: false });

  // The zone check before placing: asked again whenever the point or the basket's amount changes.
  const ask = type === 'delivery' && point ? `${point.lat},${point.lng},${priced.subtotal}` : null;
  useEffect(() => {
    if (!ask || !point) return;
    let live = true;
    fetchAvailability(truck.slug, lang, { ...point, subtotal: priced.subtotal }).then(
      (reply) => live && setAnswer({ ask, quote: reply.delivery }),
      () => live && setAnswer({ ask, quote: null }),
    );
    return () => {
      live = false;
    };
  }, [ask, point, priced.subtotal, truck.slug, lang]);
  const quote: Quote = !ask ? { state: 'idle' } : answer?.ask !== ask ? { state: 'checking' } : answer.quote ? { state: 'done', quote: answer.quote } : { state: 'failed' };

  const promotion = usePromotion(truck.slug, priced.subtotal, type, normalizePhone(phone));
  const discount = promotion.applied?.amount ?? 0;
  const fee = type === 'delivery' && quote.state === 'done' && quote.quote.delivers ? quote.quote.fee : null;
  // The tip the customer picked: a preset (basis points), or an amount typed in.
  const [tipChoice, setTipChoice] = useState<{ kind: 'preset'; basisPoints: number } | { kind: 'custom'; text: string }>({ kind: 'preset', basisPoints: 0 });
  const customTip = tipChoice.kind === 'custom' ? toMinor(tipChoice.text || '0', truck.currency) : null;
  const tip: TipSpec | null = !truck.tips.enabled
    ? null
    : tipChoice.kind === 'preset'
      ? tipChoice.basisPoints === 0
        ? null
        : { kind: 'percent', basisPoints: tipChoice.basisPoints }
      : customTip?.ok && customTip.minor > 0
        ? { kind: 'amount', minor: customTip.minor }
        : null;
  // The money by the one rule intake uses (decision 017): the tax line and the total the order is placed at.
  const totals = orderTotals({
    currency: truck.currency,
    lines: priced.lines.filter((each) => each.problems.length === 0).map((each) => ({ unitPriceMinor: each.unitPrice, quantity: each.line.qty, taxCategory: each.item?.taxCategory ?? 'standard' })),
    deliveryFeeMinor: fee ?? 0,
    tax: truck.tax,
    // The amount the truck's check gave for this subtotal (the server applies the promotion's own rule).
    discount: discount > 0 ? { kind: 'fixed', minor: discount } : null,
    tip,
  });
  const total = totals.totalMinor;
  const tipMax = maxTipMinor(totals.subtotalMinor - totals.discountMinor, truck.tips.capBp);
  const tipProblem = customTip && !customTip.ok ? t('tip.invalid') : customTip?.ok && customTip.minor < 0 ? t('tip.negative') : totals.tipMinor > tipMax ? t('tip.aboveCap', { max: format.money(tipMax) }) : null;
  const deliveryReady = type === 'pickup' || (address.trim() !== '' && quote.state === 'done' && quote.quote.delivers);
  const takingOrders = !truck.notTrading && availability.status.open;

  const locate = () => {
    if (!navigator.geolocation) return setLocating('failed');
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setPoint({ lat: Math.round(position.coords.latitude * 1e6) / 1e6, lng: Math.round(position.coords.longitude * 1e6) / 1e6 });
      },
      () => setLocating('failed'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const place = async () => {
    if (attempt.current.busy) return;
    const body = {
      lines: priced.lines.map(({ line }) => ({ itemId: line.itemId, optionIds: line.optionIds, qty: line.qty, note: line.note })),
      customer: { name: name.trim(), phone: normalizePhone(phone) },
      type,
      ...(type === 'delivery' && point ? { delivery: { address: address.trim(), ...point } } : {}),
      paymentMethod: payment,
      ...(promotion.applied?.code ? { promotionCode: promotion.applied.code } : {}),
      expectedTotal: total,
      ...(tip ? { tip } : {}),
    };
    const serialized = JSON.stringify(body);
    if (attempt.current.body !== serialized) attempt.current = { key: newKey(), body: serialized, busy: false };
    attempt.current.busy = true;
    setSending(true);
    setProblems({ input: false, texts: [] });
    setNotice(null);
    try {
      const receipt = await placeOrder(truck.slug, lang, body, attempt.current.key);
      rememberOrder(truck.slug, cart.lines);
      cart.clear();
      onPlaced(receipt.publicId);
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : new ApiProblem(0, 'unknown');
      if (problem.status === 0) setNotice(t('checkout.failed'));
      else if (problem.fields.some((field) => field.code === 'total_changed')) {
        const changed = problem.fields.find((field) => field.code === 'total_changed');
        setNotice(t('checkout.priceChanged', { total: String(changed?.params?.total ?? '') }));
        await onPriceChange().catch(() => undefined);
      } else setProblems({ input: isInputProblem(problem), texts: fieldsOf(problem).map((field) => problemText(field, FIELD_LABELS, t)) });
    } finally {
      attempt.current.busy = false;
      setSending(false);
    }
  };

  return (
    <Sheet title={t('cart.title')} closeLabel={t('cart.back')} onClose={onClose}>
      {priced.lines.length === 0 ? (
        <p>{t('cart.empty')}</p>
      ) : (
        <form
          className="sf-form"
          onSubmit={(event) => {
            event.preventDefault();
            void place();
          }}
        >
          <ul className="sf-lines">
            {priced.lines.map(({ line, item, total: lineTotal, problems: lineProblems }) => {
              const itemName = item ? nameIn(item, lang) : '';
              const options = item ? item.optionGroups.flatMap((g) => g.options).filter((o) => line.optionIds.includes(o.id)) : [];
              return (
                <li key={line.key} className="sf-line" data-testid="cart-line">
                  <div>
                    <strong>{itemName}</strong>
                    {options.length > 0 && <p className="sf-muted">{options.map((o) => nameIn(o, lang)).join(lang === 'ar' ? '، ' : ', ')}</p>}
                    {line.note && <p className="sf-muted">“{line.note}”</p>}
                    {lineProblems.length > 0 && <p className="sf-error">{t('cart.unavailable')}</p>}
                  </div>
                  <div className="sf-qty" role="group" aria-label={`${t('item.quantity')}: ${itemName}`}>
                    <button type="button" className="sf-round" aria-label={line.qty === 1 ? t('cart.remove', { item: itemName }) : t('item.less')} onClick={() => cart.setQty(line.key, line.qty - 1)}>
                      −
                    </button>
                    <output>{format.number(line.qty)}</output>
                    <button type="button" className="sf-round" aria-label={t('item.more')} onClick={() => cart.setQty(line.key, line.qty + 1)}>
                      +
                    </button>
                  </div>
                  <span className="sf-line__total">{format.money(lineTotal)}</span>
                </li>
              );
            })}
          </ul>

          <fieldset className="sf-fieldset">
            <legend>{t('checkout.how')}</legend>
            <label className="sf-choice">
              <input type="radio" name="type" checked={type === 'pickup'} onChange={() => setType('pickup')} />
              <span>{t('checkout.pickup')}</span>
            </label>
            <label className="sf-choice">
              <input type="radio" name="type" checked={type === 'delivery'} onChange={() => setType('delivery')} />
              <span>{t('checkout.delivery')}</span>
            </label>
          </fieldset>

          {type === 'delivery' && (
            <fieldset className="sf-fieldset">
              <legend>{t('checkout.point')}</legend>
              <label className="sf-field">
                <span>{t('checkout.address')}</span>
                <input type="text" required maxLength={300} autoComplete="street-address" placeholder={t('checkout.addressHint')} value={address} onChange={(event) => setAddress(event.target.value)} />
              </label>
              <div className="sf-row">
                <button type="button" className="sf-secondary" onClick={locate} disabled={locating === 'busy'}>
                  {locating === 'busy' ? t('checkout.locating') : t('checkout.useLocation')}
                </button>
                <button type="button" className="sf-secondary" aria-expanded={mapOpen} onClick={() => setMapOpen(!mapOpen)}>
                  {t('checkout.pickOnMap')}
                </button>
              </div>
              {locating === 'failed' && <p className="sf-error">{t('checkout.locationFailed')}</p>}
              {mapOpen && (
                <Suspense fallback={<div className="sf-map sf-map--loading" />}>
                  <PointPicker
                    value={point}
                    fallback={truck.spot ?? { lat: 29.3759, lng: 47.9774 }}
                    label={t('checkout.pinLabel')}
                    zoomLabels={{ zoomIn: t('truck.zoomIn'), zoomOut: t('truck.zoomOut') }}
                    onPick={setPoint}
                  />
                </Suspense>
              )}
              {point && <p className="sf-muted">{t('checkout.pointChosen')}</p>}
              <p className={quote.state === 'done' && !quote.quote.delivers ? 'sf-error' : 'sf-muted'} role="status" data-testid="delivery-check">
                {!point
                  ? t('checkout.needPoint')
                  : quote.state === 'checking'
                    ? t('checkout.checking')
                    : quote.state === 'done'
                      ? deliveryText(quote.quote, format, t)
                      : quote.state === 'failed'
                        ? t('errors.unknown')
                        : ''}
              </p>
            </fieldset>
          )}

          <label className="sf-field">
            <span>{t('checkout.name')}</span>
            <input type="text" required maxLength={80} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label className="sf-field">
            <span>{t('checkout.phone')}</span>
            <input type="tel" required dir="ltr" autoComplete="tel" placeholder="+965…" aria-describedby="sf-phone-hint" value={phone} onChange={(event) => setPhone(event.target.value)} />
            <small id="sf-phone-hint" className="sf-muted">
              {t('checkout.phoneHint')}
            </small>
          </label>
          <fieldset className="sf-fieldset">
            <legend>{t('checkout.payment')}</legend>
            <label className="sf-choice">
              <input type="radio" name="payment" checked={payment === 'cash'} onChange={() => setPayment('cash')} />
              <span>{t('checkout.cash')}</span>
            </label>
            <label className="sf-choice">
              <input type="radio" name="payment" checked={payment === 'card'} onChange={() => setPayment('card')} />
              <span>{t('checkout.card')}</span>
            </label>
          </fieldset>

          <PromotionField promotion={promotion} currency={truck.currency} format={format} />
          {truck.tips.enabled && (
            <fieldset className="sf-fieldset" data-testid="tip-choices">
              <legend>{t('tip.title')}</legend>
              {truck.tips.presetsBp.map((basisPoints) => (
                <label className="sf-choice" key={basisPoints}>
                  <input type="radio" name="tip" checked={tipChoice.kind === 'preset' && tipChoice.basisPoints === basisPoints} onChange={() => setTipChoice({ kind: 'preset', basisPoints })} />
                  <span>{basisPoints === 0 ? t('tip.none') : format.percent(basisPoints)}</span>
                </label>
              ))}
              <label className="sf-choice">
                <input type="radio" name="tip" checked={tipChoice.kind === 'custom'} onChange={() => setTipChoice({ kind: 'custom', text: '' })} />
                <span>{t('tip.custom')}</span>
              </label>
              {tipChoice.kind === 'custom' && (
                <label className="sf-field">
                  <span>{t('tip.amount', { currency: truck.currency })}</span>
                  <input inputMode="decimal" value={tipChoice.text} onChange={(event) => setTipChoice({ kind: 'custom', text: event.target.value })} data-testid="tip-amount" />
                </label>
              )}
              {tipProblem && (
                <p className="sf-error" role="alert">
                  {tipProblem}
                </p>
              )}
            </fieldset>
          )}

          <dl className="sf-totals">
            <dt>{t('cart.subtotal')}</dt>
            <dd>{format.money(priced.subtotal)}</dd>
            {discount > 0 && (
              <>
                <dt>{t('promotion.discount')}</dt>
                <dd data-testid="cart-discount">−{format.money(discount)}</dd>
              </>
            )}
            {type === 'delivery' && (
              <>
                <dt>{t('cart.deliveryFee')}</dt>
                <dd data-testid="delivery-fee">{fee === null ? t('cart.feeAfterPoint') : format.money(fee)}</dd>
              </>
            )}
            {truck.tax.mode === 'rate' && (
              <>
                <dt>{totals.pricesIncludeTax ? t('cart.taxIncluded', { rate: format.percent(totals.taxRateBasisPoints) }) : t('cart.tax', { rate: format.percent(totals.taxRateBasisPoints) })}</dt>
                <dd data-testid="cart-tax">{format.money(totals.taxMinor)}</dd>
              </>
            )}
            {totals.tipMinor > 0 && (
              <>
                <dt>{t('cart.tip')}</dt>
                <dd data-testid="cart-tip">{format.money(totals.tipMinor)}</dd>
              </>
            )}
            <dt>{t('cart.total')}</dt>
            <dd data-testid="cart-total">{format.money(total)}</dd>
          </dl>

          {notice && (
            <p className="sf-error" role="alert">
              {notice}
            </p>
          )}
          {problems.texts.length > 0 && (
            <div className="sf-error" role="alert">
              <p>{problems.input ? t('checkout.checkDetails') : t('checkout.refused')}</p>
              <ul>
                {problems.texts.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </div>
          )}
          {!takingOrders && <p className="sf-error">{t('checkout.closed')}</p>}
          <button type="submit" className="sf-primary" disabled={sending || !priced.orderable || !deliveryReady || !takingOrders || tipProblem !== null} data-testid="place-order">
            {sending ? t('checkout.placing') : t('checkout.place', { total: format.money(total) })}
          </button>
        </form>
      )}
    </Sheet>
  );
}
