/**
 * The zones on a map, and the zone being edited with handles to drag: a polygon's points, a circle's
 * centre and its radius. Clicks go to the screen (a new point, a centre, or a point to test), so
 * saved zones do not catch them. Default export: loaded with React.lazy, Leaflet with it.
 */
import type { LatLng, Zone } from '@domain/zones';
import type { ZoneList } from '@domain/zones';
import { latLngBounds, type LatLngExpression, type Marker as LeafletMarker } from 'leaflet';
import { useEffect } from 'react';
import { Circle, Marker, Polygon, Polyline, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap, type BaseMapProps } from '../../app/map/base-map';
import { baseIcon, firstVertexIcon, parkingIcon, pinIcon, rounded, vertexIcon } from '../../ui/map/map-handles';
import type { PointDraft, ZoneDraft } from './zone-draft';

export interface ZoneMapProps {
  label: string;
  zoomLabels: BaseMapProps['zoomLabels'];
  zones: readonly Zone[];
  truckStop: LatLng | null;
  /** Marked on the map: the truck's base, and where its current or next shift parks it. */
  base: ZoneList['base'];
  parkingSpot: ZoneList['parkingSpot'];
  /** The markers' names (in the interface language; the spot's address is the vendor's own words, on the hours screen). */
  markerLabels: { base: string; parkingSpot: string };
  /** The zone being edited (drawn instead of its saved shape). */
  draft: ZoneDraft | null;
  testPoint: LatLng | null;
  onClick(point: LatLng): void;
  onDraftChange(draft: ZoneDraft): void;
}

/** Kuwait City, for a truck with nothing on its map yet. */
const DEFAULT_CENTER: LatLngExpression = [29.3759, 47.9774];
const EARTH_RADIUS_M = 6_371_008.8;

const SAVED = { color: '#2e7d32', weight: 2, fillOpacity: 0.12, interactive: false } as const;
const INACTIVE = { color: '#757575', weight: 2, dashArray: '6 6', fillOpacity: 0.05, interactive: false } as const;
const EDITING = { color: '#ef6c00', weight: 3, fillOpacity: 0.2, interactive: false } as const;

const known = (point: PointDraft): point is LatLng => point.lat !== null && point.lng !== null;
const dragged = (event: { target: unknown }) => rounded((event.target as LeafletMarker).getLatLng());

/** The point `radiusM` east of `center`: where the radius handle sits. */
function eastOf(center: LatLng, radiusM: number): LatLng {
  const dLng = (radiusM / (EARTH_RADIUS_M * Math.cos((center.lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lat: center.lat, lng: center.lng + dLng };
}

/** Great-circle distance, as the server measures it. */
function distanceM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

function initialView(zones: readonly Zone[], truckStop: LatLng | null) {
  const points: LatLngExpression[] = truckStop ? [[truckStop.lat, truckStop.lng]] : [];
  for (const { shape } of zones) {
    if (shape.kind === 'polygon') points.push(...shape.coordinates.map(([lng, lat]): LatLngExpression => [lat, lng]));
    if (shape.kind === 'circle') {
      const east = eastOf(shape.center, shape.radiusM);
      const dLng = east.lng - shape.center.lng;
      const dLat = (shape.radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
      points.push([shape.center.lat - dLat, shape.center.lng - dLng], [shape.center.lat + dLat, shape.center.lng + dLng]);
    }
  }
  return points.length > 1 ? { bounds: latLngBounds(points) } : undefined;
}

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Zone names sit on the map for good, so where two would overlap (zones close together, or zoomed
 * out) only the first is shown; the list beside the map names every zone. Checked again after each
 * zoom or move and whenever the zones change.
 */
function KeepLabelsApart({ zones }: { zones: readonly Zone[] }) {
  const map = useMap();
  useEffect(() => {
    const separate = () => {
      const kept: DOMRect[] = [];
      for (const label of map.getContainer().querySelectorAll<HTMLElement>('.td-zone-label')) {
        label.classList.remove('td-zone-label--hidden');
        const box = label.getBoundingClientRect();
        if (kept.some((other) => overlaps(box, other))) label.classList.add('td-zone-label--hidden');
        else kept.push(box);
      }
      // The zoom the names were last laid out for: a zoom ends a frame after its animation, so this
      // is what tells anyone reading the labels (the browser journey) that they are final.
      map.getContainer().dataset.labelsZoom = String(map.getZoom());
    };
    separate();
    map.on('zoomend moveend', separate);
    return () => {
      map.off('zoomend moveend', separate);
    };
  }, [map, zones]);
  return null;
}

function ClickTo({ onClick }: { onClick(point: LatLng): void }) {
  useMapEvents({ click: (event) => onClick(rounded(event.latlng)) });
  return null;
}

function SavedZone({ zone, truckStop }: { zone: Zone; truckStop: LatLng | null }) {
  const style = zone.active ? SAVED : INACTIVE;
  // Names sit on the map for good: a hover tooltip would need the zones to catch the pointer, which clicks need.
  const tooltip = (
    <Tooltip permanent direction="center" className="td-zone-label">
      <bdi translate="no">{zone.name}</bdi>
    </Tooltip>
  );
  switch (zone.shape.kind) {
    case 'circle':
      return (
        <Circle center={zone.shape.center} radius={zone.shape.radiusM} pathOptions={style}>
          {tooltip}
        </Circle>
      );
    case 'truck-stop-circle':
      return truckStop ? (
        <Circle center={truckStop} radius={zone.shape.radiusM} pathOptions={{ ...style, dashArray: '2 6' }}>
          {tooltip}
        </Circle>
      ) : null;
    case 'polygon':
      return (
        <Polygon positions={zone.shape.coordinates.map(([lng, lat]): LatLngExpression => [lat, lng])} pathOptions={style}>
          {tooltip}
        </Polygon>
      );
  }
}

function RadiusEditor({ center, draft, onDraftChange, movableCenter }: { center: LatLng; draft: ZoneDraft; onDraftChange(draft: ZoneDraft): void; movableCenter: boolean }) {
  const radiusM = draft.radiusM ?? 0;
  return (
    <>
      <Circle center={center} radius={radiusM} pathOptions={EDITING} />
      {movableCenter && (
        <Marker position={center} icon={firstVertexIcon} draggable keyboard={false} eventHandlers={{ dragend: (event) => onDraftChange({ ...draft, center: dragged(event) }) }} />
      )}
      <Marker
        position={eastOf(center, radiusM)}
        icon={vertexIcon}
        draggable
        keyboard={false}
        eventHandlers={{ dragend: (event) => onDraftChange({ ...draft, radiusM: Math.max(1, Math.round(distanceM(center, dragged(event)))) }) }}
      />
    </>
  );
}

function DraftShape({ draft, truckStop, onDraftChange }: { draft: ZoneDraft; truckStop: LatLng | null; onDraftChange(draft: ZoneDraft): void }) {
  if (draft.kind === 'circle') return known(draft.center) ? <RadiusEditor center={draft.center} draft={draft} onDraftChange={onDraftChange} movableCenter /> : null;
  if (draft.kind === 'truck-stop-circle') return truckStop ? <RadiusEditor center={truckStop} draft={draft} onDraftChange={onDraftChange} movableCenter={false} /> : null;
  const points = draft.vertices.filter(known);
  const positions = points.map((point): LatLngExpression => [point.lat, point.lng]);
  return (
    <>
      {points.length >= 3 ? <Polygon positions={positions} pathOptions={EDITING} /> : <Polyline positions={positions} pathOptions={EDITING} />}
      {draft.vertices.map((vertex, i) =>
        known(vertex) ? (
          <Marker
            key={i}
            position={vertex}
            icon={i === 0 ? firstVertexIcon : vertexIcon}
            draggable
            keyboard={false}
            eventHandlers={{ dragend: (event) => onDraftChange({ ...draft, vertices: draft.vertices.map((v, j) => (j === i ? dragged(event) : v)) }) }}
          />
        ) : null,
      )}
    </>
  );
}

export default function ZoneMap({ label, zoomLabels, zones, truckStop, base, parkingSpot, markerLabels, draft, testPoint, onClick, onDraftChange }: ZoneMapProps) {
  const view = initialView(zones, truckStop);
  return (
    <BaseMap label={label} zoomLabels={zoomLabels} center={truckStop ?? DEFAULT_CENTER} zoom={12} {...view} testId="zone-map">
      <ClickTo onClick={onClick} />
      {zones
        .filter((zone) => zone.id !== draft?.id)
        .map((zone) => (
          <SavedZone key={zone.id} zone={zone} truckStop={truckStop} />
        ))}
      <KeepLabelsApart zones={zones} />
      {base && <Marker position={base} icon={baseIcon} title={markerLabels.base} alt={markerLabels.base} keyboard={false} />}
      {parkingSpot && (
        <Marker position={parkingSpot} icon={parkingIcon} title={markerLabels.parkingSpot} alt={markerLabels.parkingSpot} keyboard={false} />
      )}
      {draft && <DraftShape draft={draft} truckStop={truckStop} onDraftChange={onDraftChange} />}
      {testPoint && <Marker position={testPoint} icon={pinIcon} keyboard={false} interactive={false} />}
    </BaseMap>
  );
}
