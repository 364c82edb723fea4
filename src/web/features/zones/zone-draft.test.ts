import { formatMoney } from '@domain/money';
import type { Zone } from '@domain/zones';
import { describe, expect, it } from 'vitest';
import { checkZone } from './zone-check';
import { draftOfZone, newZoneDraft, zoneInputOf } from './zone-draft';
import { feeSummary } from './zone-list';

const POLYGON: Zone = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Salmiya',
  shape: {
    kind: 'polygon',
    coordinates: [
      [48.0, 29.3],
      [48.1, 29.3],
      [48.1, 29.4],
      [48.0, 29.3],
    ],
  },
  feeRules: [
    { when: 'below', subtotal: 5000, fee: null },
    { when: 'all', fee: 1250 },
  ],
  minimumOrder: 0,
  estimatedMinutes: 40,
  active: true,
  version: 3,
};

describe('the zone draft', () => {
  it('shows a stored ring once per point and amounts in the currency’s decimals, and goes back out unchanged', () => {
    const draft = draftOfZone(POLYGON, 'KWD');
    expect(draft.vertices).toEqual([
      { lat: 29.3, lng: 48.0 },
      { lat: 29.3, lng: 48.1 },
      { lat: 29.4, lng: 48.1 },
    ]);
    expect(draft.feeRules.map((rule) => [rule.when, rule.subtotal, rule.fee, rule.noDelivery])).toEqual([
      ['below', '5.000', '', true],
      ['all', '', '1.250', false],
    ]);
    const checked = checkZone(draft, 'KWD', 'en');
    expect(checked.errors.size).toBe(0);
    const { id: _id, version: _version, ...zone } = POLYGON;
    expect(checked.zone).toEqual(zone);
  });

  it('names amounts that cannot be read, and shapes the contract refuses', () => {
    const draft = { ...newZoneDraft('polygon', null, 'KWD'), name: 'New' };
    draft.feeRules = [{ ...draft.feeRules[0]!, fee: '1.2345' }];
    draft.vertices = [
      { lat: 29.3, lng: 48.0 },
      { lat: 29.4, lng: 48.1 },
      { lat: 29.3, lng: 48.1 },
      { lat: 29.4, lng: 48.0 },
    ];
    const { errors, zone } = checkZone(draft, 'KWD', 'en');
    expect(zone).toBeNull();
    expect(errors.get('feeRules.0.fee')).toEqual(['KWD allows at most 3 decimal places.']);
    expect(errors.get('shape.coordinates')).toEqual(['The zone’s border crosses itself. Move the points so that no edges cross.']);
  });

  it('sends a circle without a centre as missing one, and a zone that follows the truck with its radius only', () => {
    const circle = { ...newZoneDraft('circle', null, 'KWD'), name: 'Around' };
    expect(checkZone(circle, 'KWD', 'en').errors.get('shape.center.lat')).toEqual(['This field is required.']);
    const follower = { ...circle, kind: 'truck-stop-circle' as const, radiusM: 1500 };
    expect(zoneInputOf(follower, 'KWD').input.shape).toEqual({ kind: 'truck-stop-circle', radiusM: 1500 });
  });

  it('sums fee rules up in order, in the interface language', () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;
    const money = (minor: number) => formatMoney(minor, 'KWD', 'en');
    expect(feeSummary(POLYGON.feeRules, 'KWD', 'en', t)).toBe(
      `fees.summaryBelow{"amount":"${money(5000)}","fee":"fees.noDeliveryShort"} · fees.summaryAll{"fee":"${money(1250)}"}`,
    );
  });
});
