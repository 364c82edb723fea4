/**
 * The zone editor's working copy: amounts as typed (decimals of the truck's currency), shapes as
 * points on the map; ./zone-check.ts checks it by the same contract the server applies before
 * anything is sent.
 */
import type { Currency } from '@domain/money';
import { fromMinor, toMinor } from '@domain/money/minor';
import type { DeliveryZoneInput, FeeRule, LatLng, Zone, ZoneShape } from '@domain/zones';
import type { FieldProblem } from '../../ui/field-errors';

export type ShapeKind = ZoneShape['kind'];

export interface FeeRuleDraft {
  key: string;
  when: FeeRule['when'];
  /** The threshold of 'above' and 'below', as typed. */
  subtotal: string;
  fee: string;
  noDelivery: boolean;
}

export interface PointDraft {
  lat: number | null;
  lng: number | null;
}

export interface ZoneDraft {
  /** Null for a zone not saved yet. */
  id: string | null;
  version: number;
  name: string;
  kind: ShapeKind;
  center: PointDraft;
  radiusM: number | null;
  /** The polygon's points in drawing order, not closed. */
  vertices: PointDraft[];
  feeRules: FeeRuleDraft[];
  minimumOrder: string;
  estimatedMinutes: number | null;
  active: boolean;
}

let lastKey = 0;
const newKey = () => `rule-${++lastKey}`;

const DEFAULT_RADIUS_M = 3000;

export function feeRuleDraft(rule: Partial<FeeRule> & { when: FeeRule['when'] }, currency: Currency): FeeRuleDraft {
  const fee = rule.fee;
  return {
    key: newKey(),
    when: rule.when,
    subtotal: 'subtotal' in rule && rule.subtotal !== undefined ? fromMinor(rule.subtotal, currency) : '',
    fee: fee === null || fee === undefined ? '' : fromMinor(fee, currency),
    noDelivery: fee === null,
  };
}

export function newZoneDraft(kind: ShapeKind, center: LatLng | null, currency: Currency): ZoneDraft {
  return {
    id: null,
    version: 0,
    name: '',
    kind,
    center: center ? { ...center } : { lat: null, lng: null },
    radiusM: DEFAULT_RADIUS_M,
    vertices: [],
    feeRules: [feeRuleDraft({ when: 'all' }, currency)],
    minimumOrder: fromMinor(0, currency),
    estimatedMinutes: 30,
    active: true,
  };
}

export function draftOfZone(zone: Zone, currency: Currency): ZoneDraft {
  const { shape } = zone;
  return {
    id: zone.id,
    version: zone.version,
    name: zone.name,
    kind: shape.kind,
    center: shape.kind === 'circle' ? { ...shape.center } : { lat: null, lng: null },
    radiusM: shape.kind === 'polygon' ? DEFAULT_RADIUS_M : shape.radiusM,
    // Stored rings are closed: the editor shows each point once.
    vertices: shape.kind === 'polygon' ? shape.coordinates.slice(0, -1).map(([lng, lat]) => ({ lat, lng })) : [],
    feeRules: zone.feeRules.map((rule) => feeRuleDraft(rule, currency)),
    minimumOrder: fromMinor(zone.minimumOrder, currency),
    estimatedMinutes: zone.estimatedMinutes,
    active: zone.active,
  };
}

/** An amount as typed, in minor units; a problem (at `path`) when it is not one. */
function amountOf(text: string, currency: Currency, path: string, problems: FieldProblem[]): number | undefined {
  if (text.trim() === '') {
    problems.push({ path, code: 'required' });
    return undefined;
  }
  const parsed = toMinor(text, currency);
  if (parsed.ok) return parsed.minor;
  problems.push({ path, code: parsed.code, params: parsed.params });
  return undefined;
}

function shapeOf(draft: ZoneDraft): unknown {
  switch (draft.kind) {
    case 'circle':
      return { kind: 'circle', center: { lat: draft.center.lat ?? undefined, lng: draft.center.lng ?? undefined }, radiusM: draft.radiusM ?? undefined };
    case 'truck-stop-circle':
      return { kind: 'truck-stop-circle', radiusM: draft.radiusM ?? undefined };
    case 'polygon':
      return { kind: 'polygon', coordinates: draft.vertices.map((vertex) => [vertex.lng ?? undefined, vertex.lat ?? undefined]) };
  }
}

/** The contract's input, and the amounts that could not be read (which the contract cannot see). */
export function zoneInputOf(draft: ZoneDraft, currency: Currency): { input: DeliveryZoneInput; amountProblems: FieldProblem[] } {
  const amountProblems: FieldProblem[] = [];
  const feeRules = draft.feeRules.map((rule, i) => {
    const fee = rule.noDelivery ? null : amountOf(rule.fee, currency, `feeRules.${i}.fee`, amountProblems);
    if (rule.when === 'all') return { when: 'all', fee };
    return { when: rule.when, subtotal: amountOf(rule.subtotal, currency, `feeRules.${i}.subtotal`, amountProblems), fee };
  });
  const input = {
    name: draft.name,
    shape: shapeOf(draft),
    feeRules,
    minimumOrder: amountOf(draft.minimumOrder, currency, 'minimumOrder', amountProblems),
    estimatedMinutes: draft.estimatedMinutes ?? undefined,
    active: draft.active,
  } as DeliveryZoneInput;
  return { input, amountProblems };
}
