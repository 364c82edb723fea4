/**
 * Giving money back on a paid order (issue 44): the whole of what is left, or chosen lines and how
 * many of each, with a reason. The amount shows before confirming, computed by the domain's rule
 * (domain/orders/refunds.ts) from the order and its earlier refunds, as the server will; the server
 * decides again and its refusal shows in the interface language. Loaded with its first use.
 */
import type { Lang } from '@domain/errors';
import type { Order } from '@domain/orders/contracts';
import { decideRefund, refundedSoFar, type RefundableOrder, type RefundRequest } from '@domain/orders/refunds';
import { nameIn } from '@domain/names';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { RadioChips } from '../../ui/chips';
import { fieldMessage } from '../../ui/messages';
import { Loading } from '../../ui/loading';
import { NativeInput, NumberInput } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import type { OrderFormat } from './order-format';
import { useOrderRefundsQuery, useRefundOrderMutation } from './orders.api';

export interface RefundDialogProps {
  truckId: string;
  order: Order;
  format: OrderFormat;
  onClose(): void;
}

type Kind = RefundRequest['kind'];

/** The order's money as the refund rule reads it; a line's number is its position in `lines`. */
export function refundableOrder(order: Order): RefundableOrder {
  return {
    paid: order.paymentStatus === 'paid',
    pricesIncludeTax: order.money.pricesIncludeTax,
    subtotalMinor: order.money.subtotal,
    discountMinor: order.money.discount,
    deliveryFeeMinor: order.money.deliveryFee,
    deliveryFeeTaxMinor: order.money.deliveryFeeTax,
    taxMinor: order.money.tax,
    tipMinor: order.money.tip,
    totalMinor: order.total,
    lines: order.lines.map((line, lineNo) => ({ lineNo, qty: line.qty, amountMinor: line.total, discountMinor: line.discount, taxMinor: line.tax })),
  };
}

export default function RefundDialog({ truckId, order, format, onClose }: RefundDialogProps) {
  const { t } = useTranslation('orders');
  const lang = format.lang as Lang;
  const { data: earlier, isLoading: loading, isError } = useOrderRefundsQuery({ truckId, orderId: order.id });
  const [refund, { isLoading: sending }] = useRefundOrderMutation();
  const [kind, setKind] = useState<Kind>('whole');
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);

  const refundable = useMemo(() => refundableOrder(order), [order]);
  const given = useMemo(() => refundedSoFar(earlier?.refunds ?? []), [earlier]);
  const request: RefundRequest =
    kind === 'whole'
      ? { kind: 'whole' }
      : // Whole units only: a part of a unit is not chosen (the field's step is 1).
        { kind: 'lines', lines: Object.entries(quantities).flatMap(([lineNo, qty]) => (qty !== null && Number.isInteger(qty) && qty > 0 ? [{ lineNo: Number(lineNo), qty }] : [])) };
  const nothingChosen = request.kind === 'lines' && request.lines.length === 0;
  const decision = earlier && !nothingChosen ? decideRefund(refundable, earlier.refunds, request) : null;
  const amount = decision?.ok ? decision.refund.amountMinor : null;
  const reasonMissing = reason.trim() === '';
  const left = order.total - (earlier?.refundedMinor ?? order.refundedMinor);

  async function submit() {
    setTried(true);
    setServerProblem(null);
    if (amount === null || reasonMissing) return;
    const body = request.kind === 'whole' ? { kind: 'whole' as const, reason } : { kind: 'lines' as const, lines: request.lines.map((line) => ({ ...line })), reason };
    try {
      await refund({ truckId, orderId: order.id, refund: body }).unwrap();
      notify.success('orders:refund.done', { amount: format.money(amount, order.currency) });
      onClose();
    } catch (error) {
      setServerProblem(problemMessage(problemOf(error), lang, t('refund.failed')));
    }
  }

  const first = decision && !decision.ok ? decision.problems[0] : undefined;
  // Above what is left: of the money (the whole order) or of a line's units.
  const max = first?.path === '' ? format.money(Math.max(0, left), order.currency) : format.count(Number(first?.params?.max ?? 0));
  const problem = first ? fieldMessage(lang, first.code, { max }) : null;

  return (
    <Modal
      open
      title={t('refund.title')}
      onCancel={onClose}
      okText={amount === null ? t('refund.confirmNothing') : t('refund.confirm', { amount: format.money(amount, order.currency) })}
      cancelText={t('actions.back')}
      okButtonProps={{ loading: sending, disabled: amount === null, size: 'large', danger: true }}
      cancelButtonProps={{ size: 'large' }}
      onOk={() => void submit()}
    >
      {loading ? (
        <Loading />
      ) : isError || !earlier ? (
        <Notice kind="error">{t('refund.loadFailed')}</Notice>
      ) : (
        <div className="td-refund" data-testid="refund-dialog">
          <p>
            {t('refund.paid', { amount: format.money(order.total, order.currency) })}
            {earlier.refundedMinor > 0 && ` ${t('refund.alreadyBack', { amount: format.money(earlier.refundedMinor, order.currency) })}`}
          </p>
          <RadioChips<Kind>
            name="refund-kind"
            label={t('refund.what')}
            value={kind}
            onChange={setKind}
            testId="refund-kind"
            options={[
              { value: 'whole', label: t('refund.whole') },
              { value: 'lines', label: t('refund.lines') },
            ]}
          />
          {kind === 'whole' && <p className="td-refund__hint">{t('refund.wholeHint')}</p>}
          {kind === 'lines' && (
            <ul className="td-refund__lines" data-testid="refund-lines">
              {order.lines.map((line, lineNo) => {
                const remaining = line.qty - (given.units.get(lineNo) ?? 0);
                const id = `refund-line-${lineNo}`;
                return (
                  <li key={lineNo}>
                    <label htmlFor={id}>
                      {nameIn(line, format.lang)} ({t('refund.ofUnits', { count: remaining })})
                    </label>
                    <NumberInput
                      id={id}
                      min={0}
                      max={remaining}
                      step={1}
                      disabled={remaining === 0}
                      value={quantities[lineNo] ?? null}
                      onChange={(qty) => setQuantities((current) => ({ ...current, [lineNo]: qty }))}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <label className="td-orders__field" htmlFor="refund-reason">
            {t('refund.reason')}
          </label>
          <NativeInput
            id="refund-reason"
            value={reason}
            maxLength={500}
            invalid={tried && reasonMissing}
            aria-describedby={tried && reasonMissing ? 'refund-reason-error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {tried && reasonMissing && (
            <span id="refund-reason-error" className="td-refund__error" role="alert">
              {fieldMessage(lang, 'reason_required')}
            </span>
          )}
          <p className="td-refund__amount" data-testid="refund-amount" aria-live="polite">
            {amount === null ? t(nothingChosen ? 'refund.chooseLines' : 'refund.nothing') : t('refund.amount', { amount: format.money(amount, order.currency) })}
          </p>
          {problem && <Notice kind="error">{problem}</Notice>}
          {serverProblem && (
            <Notice kind="error" testId="refund-problem">
              {serverProblem}
            </Notice>
          )}
        </div>
      )}
    </Modal>
  );
}
