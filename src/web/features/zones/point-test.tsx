/**
 * "Test a point": a click on the map or typed coordinates, and a basket subtotal, answered by the
 * server with the intake's own matching: the zone, its fee and estimate, or why not.
 */
import { errorMessage } from '../../ui/messages';
import type { Currency } from '@domain/money';
import { formatMoney, toMinor } from '@domain/money/minor';
import type { DeliveryQuote, LatLng } from '@domain/zones';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { NativeInput, NumberInput } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { sentenceWithValue, VALUE_SLOT } from '../../ui/sentence-value';
import { useTestPointMutation } from './zones.api';

/** The answer in words: the zone, its fee and estimate, or why not (the intake's own message for it). */
export function QuoteText({ quote, currency }: { quote: DeliveryQuote; currency: Currency }) {
  const { t } = useTranslation('zones');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  if (!quote.delivers) {
    return <>{errorMessage(lang, quote.reason, quote.minimumOrder === undefined ? {} : { minimum: formatMoney(quote.minimumOrder, currency, lang) })}</>;
  }
  const fee = quote.fee === 0 ? t('test.free') : formatMoney(quote.fee, currency, lang);
  return <>{sentenceWithValue(t('test.delivers', { count: quote.estimatedMinutes, zone: VALUE_SLOT, fee }), quote.zone.name)}</>;
}

interface TypedPoint {
  lat: number | null;
  lng: number | null;
}

/** The tool's state, owned by the screen so a click on the map can run a test. */
export function usePointTest(truckId: string, currency: Currency) {
  const { t } = useTranslation('zones');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [subtotal, setSubtotal] = useState('');
  const [typed, setTyped] = useState<TypedPoint>({ lat: null, lng: null });
  const [answer, setAnswer] = useState<{ point: LatLng; quote: DeliveryQuote } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [testPoint, testing] = useTestPointMutation();

  const test = async (point: LatLng) => {
    setTyped(point);
    setProblem(null);
    const amount = subtotal.trim() === '' ? { ok: true as const, minor: 0 } : toMinor(subtotal, currency);
    if (!amount.ok) {
      setProblem(t('test.badSubtotal'));
      return;
    }
    try {
      setAnswer({ point, quote: await testPoint({ truckId, test: { ...point, subtotal: amount.minor } }).unwrap() });
    } catch (error) {
      setAnswer(null);
      setProblem(problemMessage(problemOf(error), lang, t('unexpected')));
    }
  };

  return { subtotal, setSubtotal, typed, setTyped, answer, problem, testing: testing.isLoading, test };
}

export type PointTester = ReturnType<typeof usePointTest>;

export function PointTest({ tester, currency }: { tester: PointTester; currency: Currency }) {
  const { t } = useTranslation('zones');
  const { typed, setTyped, answer } = tester;
  const typedPoint = typed.lat !== null && typed.lng !== null ? { lat: typed.lat, lng: typed.lng } : null;

  return (
    <Panel title={t('test.title')} testId="point-test">
      <p className="td-zones__hint">{t('test.intro')}</p>
      <form
        className="td-point-test"
        onSubmit={(event) => {
          event.preventDefault();
          if (typedPoint) void tester.test(typedPoint);
        }}
      >
        <span className="td-point-fields">
          <NumberInput value={typed.lat} min={-90} max={90} onChange={(lat) => setTyped({ ...typed, lat })} placeholder={t('shape.lat')} aria-label={t('shape.lat')} testId="test-lat" />
          <NumberInput value={typed.lng} min={-180} max={180} onChange={(lng) => setTyped({ ...typed, lng })} placeholder={t('shape.lng')} aria-label={t('shape.lng')} testId="test-lng" />
        </span>
        <label className="td-zone-field">
          <span>{t('test.subtotal')}</span>
          <NativeInput className="td-money-input" inputMode="decimal" dir="ltr" value={tester.subtotal} suffix={currency} onChange={(event) => tester.setSubtotal(event.target.value)} testId="test-subtotal" />
        </label>
        <Button htmlType="submit" type="primary" disabled={!typedPoint} loading={tester.testing} data-testid="test-run">
          {t('test.run')}
        </Button>
      </form>
      {tester.problem && <Notice kind="error">{tester.problem}</Notice>}
      {answer && (
        <Notice kind={answer.quote.delivers ? 'success' : 'warning'} testId="test-answer" data={{ 'data-delivers': String(answer.quote.delivers) }}>
          <QuoteText quote={answer.quote} currency={currency} />
        </Notice>
      )}
    </Panel>
  );
}
