/**
 * `/delivery-zones`: the zones on a map (tiles when configured, a plain background otherwise),
 * drawing and editing circles and polygons, zones that follow the truck, the list with fee rules
 * and switches, and the "test a point" tool. A zone is checked by the same contract as the server
 * before it is sent, so a border that crosses itself is named at once.
 */
import type { Currency } from '@domain/money';
import type { LatLng, Zone, ZoneList as ZoneListData } from '@domain/zones';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanAccess, useCurrentTruck } from '../../app/current-truck';
import { NoTruck } from '../../app/no-truck';
import { useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { fieldErrorsByPath, type FieldErrors } from '../../ui/field-errors';
import { Loading } from '../../ui/loading';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { PointTest, usePointTest } from './point-test';
import type { checkZone } from './zone-check';
import { draftOfZone, newZoneDraft, zoneInputOf, type ShapeKind, type ZoneDraft } from './zone-draft';
import { ZoneList } from './zone-list';
import { useCreateZoneMutation, useDeleteZoneMutation, useUpdateZoneMutation, useZonesQuery, zonesApi } from './zones.api';
import type { FirstReads } from '../../app/routes';
import './zones.css';
import { PageLoading } from '../../app/page-loading';

const ZoneMap = lazy(() => import('./zone-map'));
/** The form for one zone (antd's radios and confirm, the fee rules) loads with the first draft. */
const ZoneEditor = lazy(() => import('./zone-editor').then((module) => ({ default: module.ZoneEditor })));

const NO_ERRORS: FieldErrors = new Map();

/** Where a click on the map goes while a draft is open: a polygon's next point, or a circle's centre. */
function withPoint(draft: ZoneDraft, point: LatLng): ZoneDraft {
  if (draft.kind === 'polygon') return { ...draft, vertices: [...draft.vertices, point] };
  if (draft.kind === 'circle') return { ...draft, center: point };
  return draft;
}

/** The contract's check (the zone schema, zod, turf) loads with the first draft, not with the list. */
const loadZoneCheck = () => import('./zone-check').then((module) => module.checkZone);

function ZonesWorkspace({ truckId, list, canWrite }: { truckId: string; list: ZoneListData; canWrite: boolean }) {
  const { t } = useTranslation('zones');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const currency: Currency = list.currency;
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>(NO_ERRORS);
  const [problem, setProblem] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const tester = usePointTest(truckId, currency);
  const [createZone, creating] = useCreateZoneMutation();
  const [updateZone, updating] = useUpdateZoneMutation();
  const [deleteZone] = useDeleteZoneMutation();

  const [check, setCheck] = useState<typeof checkZone | null>(null);
  const drafting = draft !== null;
  useEffect(() => {
    if (!drafting || check) return;
    let live = true;
    // A failed load leaves `check` empty: the next draft, or Save, asks again.
    loadZoneCheck().then((loaded) => live && setCheck(() => loaded), () => undefined);
    return () => {
      live = false;
    };
  }, [drafting, check]);
  const checked = useMemo(() => (draft && check ? check(draft, currency, lang) : null), [draft, check, currency, lang]);
  // Messages wait for the first save, so a zone being drawn is not shouted at.
  const errors = !attempted || !checked ? NO_ERRORS : checked.errors.size > 0 ? checked.errors : serverErrors;

  const open = (next: ZoneDraft | null) => {
    setDraft(next);
    setAttempted(false);
    setServerErrors(NO_ERRORS);
    setProblem(null);
  };
  const change = (next: ZoneDraft) => {
    setDraft(next);
    setServerErrors(NO_ERRORS);
    setProblem(null);
  };

  const fail = (error: unknown) => {
    const found = problemOf(error);
    setServerErrors(fieldErrorsByPath(found.fields, lang));
    setProblem(found.code === 'validation_failed' && found.fields.length > 0 ? t('editor.fixHighlighted') : problemMessage(found, lang, t('unexpected')));
  };

  const save = async () => {
    if (!draft) return;
    setAttempted(true);
    let now = checked;
    if (!now) {
      try {
        const loaded = await loadZoneCheck();
        setCheck(() => loaded);
        now = loaded(draft, currency, lang);
      } catch (error) {
        fail(error);
        return;
      }
    }
    if (!now.zone) {
      setProblem(t('editor.fixHighlighted'));
      return;
    }
    const { input } = zoneInputOf(draft, currency);
    try {
      if (draft.id) await updateZone({ truckId, zoneId: draft.id, zone: { ...input, version: draft.version } }).unwrap();
      else await createZone({ truckId, zone: input }).unwrap();
      notify.success('zones:editor.saved');
      open(null);
    } catch (error) {
      fail(error);
    }
  };

  const remove = async () => {
    if (!draft?.id) return;
    try {
      await deleteZone({ truckId, zoneId: draft.id }).unwrap();
      notify.success('zones:editor.deleted');
      open(null);
    } catch (error) {
      fail(error);
    }
  };

  const toggle = async (zone: Zone) => {
    setSwitching(zone.id);
    try {
      const { id: _id, version, ...fields } = zone;
      await updateZone({ truckId, zoneId: zone.id, zone: { ...fields, active: !zone.active, version } }).unwrap();
    } catch {
      notify.error('zones:list.switchFailed');
    } finally {
      setSwitching(null);
    }
  };

  const onMapClick = (point: LatLng) => {
    if (draft) change(withPoint(draft, point));
    else void tester.test(point);
  };

  const newZone = (kind: ShapeKind) => open(newZoneDraft(kind, null, currency));

  return (
    <div className="td-zones">
      <section className="td-zones__map" aria-label={t('map.title')}>
        <p className="td-zones__hint" data-testid="map-mode">
          {draft ? t(draft.kind === 'polygon' ? 'map.hintPolygon' : draft.kind === 'circle' ? 'map.hintCircle' : 'map.hintTruckStop') : t('map.hintTest')}
        </p>
        <Suspense
          fallback={
            <div className="td-zones__map-slot">
              <Loading />
            </div>
          }
        >
          <ZoneMap
            label={t('map.label')}
            zoomLabels={{ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') }}
            zones={list.zones}
            truckStop={list.truckStop}
            base={list.base}
            parkingSpot={list.parkingSpot}
            markerLabels={{ base: t('map.base'), parkingSpot: t('map.parkingSpot') }}
            draft={draft}
            testPoint={draft ? null : (tester.answer?.point ?? null)}
            onClick={onMapClick}
            onDraftChange={change}
          />
        </Suspense>
      </section>
      <div className="td-zones__side">
        {draft ? (
          <Suspense fallback={<Loading />}>
            <ZoneEditor
              draft={draft}
              currency={currency}
              truckStop={list.truckStop}
              errors={errors}
              problem={problem}
              saving={creating.isLoading || updating.isLoading}
              onChange={change}
              onSave={() => void save()}
              onCancel={() => open(null)}
              onDelete={() => void remove()}
            />
          </Suspense>
        ) : (
          <>
            {canWrite && (
              <div className="td-zones__new">
                <Button type="primary" onClick={() => newZone('polygon')} data-testid="new-polygon">
                  {t('new.polygon')}
                </Button>
                <Button onClick={() => newZone('circle')} data-testid="new-circle">
                  {t('new.circle')}
                </Button>
                <Button onClick={() => newZone('truck-stop-circle')} data-testid="new-truck-stop">
                  {t('new.truckStop')}
                </Button>
              </div>
            )}
            <PointTest tester={tester} currency={currency} />
          </>
        )}
      </div>
      <section className="td-zones__list" aria-label={t('list.title')}>
        <h2>{t('list.title')}</h2>
        <ZoneList zones={list.zones} currency={currency} canWrite={canWrite && !draft} switching={switching} onEdit={(zone) => open(draftOfZone(zone, currency))} onToggle={(zone) => void toggle(zone)} />
      </section>
    </div>
  );
}

function ZonesScreen({ truckId }: { truckId: string }) {
  const { t } = useTranslation('zones');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const canWrite = useCanAccess('/delivery-zones', 'write');
  const { data, error } = useZonesQuery(truckId);
  if (error) return <Notice kind="error">{problemMessage(problemOf(error), lang, t('unexpected'))}</Notice>;
  if (!data) return <PageLoading />;
  return <ZonesWorkspace truckId={truckId} list={data} canWrite={canWrite} />;
}

export const firstReads: FirstReads = (dispatch, truckId) => (truckId === null ? [] : [dispatch(zonesApi.endpoints.zones.initiate(truckId, { subscribe: false }))]);

export function Component() {
  const { t } = useTranslation('zones');
  const { truckId, loaded } = useCurrentTruck();
  if (!loaded) return <Loading />;
  if (!truckId) {
    return <NoTruck purpose={t('noTruck')} />;
  }
  return <ZonesScreen key={truckId} truckId={truckId} />;
}
