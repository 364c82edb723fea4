/**
 * Taking an order by phone: the customer, pickup or delivery (the point picked on a map), how they
 * pay, and the items from the menu with their options and notes. The total shown is the menu's;
 * the server prices the order again and checks it like any other. One Idempotency-Key per dialog,
 * so a double tap or a retry never enters the order twice. Loaded when first opened.
 */
import { errorMessage, fieldMessage } from '../../ui/messages';
import type { MenuItem } from '@domain/menu';
import { isAvailable, priceLine } from '@domain/menu/line-pricing';
import type { CreateOrderInput, Order, OrderDesk, PaymentMethod } from '@domain/orders/contracts';
import { addMinor } from '@domain/money/minor';
import type { OrderType } from '@domain/orders';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../ui/api-problem';
import { Loading } from '../../ui/loading';
import { NativeInput, NativeSelect, NumberInput } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import type { OrderFormat } from './order-format';
import { isOffline } from './order-alerts.state';
import { useOrderMenuQuery, usePhoneOrderMutation } from './orders.api';
import { nameIn } from '@domain/names';

const PointPickerMap = lazy(() => import('../../app/map/point-picker-map'));

interface Line {
  item: MenuItem;
  optionIds: string[];
  qty: number;
  note: string;
}

export interface PhoneOrderDialogProps {
  desk: OrderDesk;
  format: OrderFormat;
  onClose(): void;
  onPlaced(order: Order): void;
}

export default function PhoneOrderDialog({ desk, format, onClose, onPlaced }: PhoneOrderDialogProps) {
  const { t } = useTranslation('orders');
  const menu = useOrderMenuQuery(desk.truckId);
  const [place, { isLoading }] = usePhoneOrderMutation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [type, setType] = useState<OrderType>('pickup');
  const [address, setAddress] = useState('');
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>('cash');
  const [lines, setLines] = useState<Line[]>([]);
  const [problems, setProblems] = useState<string[]>([]);

  const now = useMemo(() => new Date(), []);
  const priced = lines.map((line) => priceLine(line.item, line.optionIds, line.qty, now));
  const subtotal = addMinor(...priced.map((line) => (line.ok ? line.total : 0)));
  const available = (menu.data?.items ?? []).filter((item) => isAvailable(item, now));
  const update = (index: number, change: Partial<Line>) => setLines(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const toggleOption = (index: number, optionId: string) => {
    const line = lines[index]!;
    update(index, { optionIds: line.optionIds.includes(optionId) ? line.optionIds.filter((id) => id !== optionId) : [...line.optionIds, optionId] });
  };

  async function submit() {
    if (isOffline()) {
      setProblems([t('offline.refused')]);
      return;
    }
    setProblems([]);
    const order: CreateOrderInput = {
      lines: lines.map(({ item, optionIds, qty, note }) => ({ itemId: item.id, optionIds, qty, note })),
      customer: { name, phone },
      type,
      ...(type === 'delivery' && point ? { delivery: { address, ...point } } : {}),
      paymentMethod: payment,
    };
    try {
      onPlaced(await place({ truckId: desk.truckId, order, idempotencyKey }).unwrap());
    } catch (error) {
      const problem = problemOf(error);
      const fieldTexts = problem.fields.map((field) => fieldMessage(format.lang, field.code, field.params));
      setProblems(problem.code === 'unexpected' ? [t('actions.failed')] : [errorMessage(format.lang, problem.code, problem.details), ...fieldTexts]);
    }
  }

  return (
    <Modal
      open
      title={t('phone.title')}
      onCancel={onClose}
      width={720}
      okText={t('phone.place')}
      cancelText={t('actions.back')}
      okButtonProps={{ loading: isLoading, disabled: lines.length === 0 || !name.trim() || !phone.trim() || (type === 'delivery' && (!point || !address.trim())) }}
      onOk={() => void submit()}
    >
      <div className="td-order-actions">
        {problems.length > 0 && (
          <Notice kind="error" testId="phone-order-problems">
            {problems.join(' ')}
          </Notice>
        )}
        <div className="td-orders__toolbar">
          <label className="td-orders__field td-orders__search">
            {t('phone.name')}
            <NativeInput value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
          </label>
          <label className="td-orders__field td-orders__search">
            {t('phone.phone')}
            <NativeInput value={phone} type="tel" dir="ltr" placeholder="+965…" onChange={(event) => setPhone(event.target.value)} />
          </label>
          <label className="td-orders__field">
            {t('phone.type')}
            <NativeSelect<OrderType> value={type} options={(['pickup', 'delivery'] as const).map((value) => ({ value, label: t(`type.${value}`) }))} onChange={setType} />
          </label>
          <label className="td-orders__field">
            {t('phone.payment')}
            <NativeSelect<PaymentMethod> value={payment} options={(['cash', 'card'] as const).map((value) => ({ value, label: t(`payment.${value}`) }))} onChange={setPayment} />
          </label>
        </div>
        {type === 'delivery' && (
          <>
            <label className="td-orders__field">
              {t('phone.address')}
              <NativeInput value={address} maxLength={300} onChange={(event) => setAddress(event.target.value)} />
            </label>
            <Suspense fallback={<Loading />}>
              <PointPickerMap label={t('phone.pickPoint')} zoomLabels={{ zoomIn: t('phone.zoomIn'), zoomOut: t('phone.zoomOut') }} value={point} fallbackCenter={desk.location ?? { lat: 29.37, lng: 47.98 }} onPick={setPoint} />
            </Suspense>
          </>
        )}

        <label className="td-orders__field">
          {t('phone.addItem')}
          <NativeSelect<string>
            value=""
            options={[{ value: '', label: t('phone.chooseItem') }, ...available.map((item) => ({ value: item.id, label: `${nameIn(item, format.lang)} · ${format.money(item.priceMinor, desk.currency)}` }))]}
            onChange={(itemId) => {
              const item = menu.data?.items.find((candidate) => candidate.id === itemId);
              if (item) setLines([...lines, { item, optionIds: [], qty: 1, note: '' }]);
            }}
          />
        </label>
        {menu.isLoading && <Loading />}

        <ul className="td-order-lines">
          {lines.map((line, index) => {
            const price = priced[index]!;
            return (
              <li key={index} data-testid={`phone-line-${index}`}>
                <NumberInput
                  aria-label={t('phone.qty')}
                  value={line.qty}
                  min={1}
                  max={99}
                  step={1}
                  onChange={(qty) => update(index, { qty: qty ?? 1 })}
                  style={{ inlineSize: '4.5em' }}
                />
                <span>{nameIn(line.item, format.lang)}</span>
                <span>{price.ok ? format.money(price.total, desk.currency) : '—'}</span>
                {line.item.optionGroups.map((group) => (
                  <fieldset key={group.id} className="td-order-lines__extra">
                    <legend>
                      {nameIn(group, format.lang)} {group.required ? `(${t('phone.required')})` : ''}
                    </legend>
                    {group.options.map((option) => (
                      <label key={option.id}>
                        <input type="checkbox" checked={line.optionIds.includes(option.id)} onChange={() => toggleOption(index, option.id)} /> {nameIn(option, format.lang)}
                        {option.priceDeltaMinor > 0 ? ` +${format.money(option.priceDeltaMinor, desk.currency)}` : ''}{' '}
                      </label>
                    ))}
                  </fieldset>
                ))}
                <NativeInput className="td-order-lines__note" placeholder={t('phone.note')} value={line.note} maxLength={200} onChange={(event) => update(index, { note: event.target.value })} />
                <Button className="td-order-lines__extra" danger size="small" onClick={() => setLines(lines.filter((_, i) => i !== index))}>
                  {t('phone.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
        <strong>{t('phone.subtotal', { amount: format.money(subtotal, desk.currency) })}</strong>
      </div>
    </Modal>
  );
}
