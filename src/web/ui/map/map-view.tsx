/**
 * The Leaflet map itself, given its tiles: BaseMap (app/map/base-map.tsx) feeds it the server's setting
 * through the app's store; the customer's truck page, which has no store, passes what it read.
 * OpenStreetMap's standard tiles by default, credited as their licence asks (in the interface
 * language); none when the server switches tiles off. Tiles that cannot load leave the plain
 * background: markers and clicks work the same. Maps are not mirrored in Arabic: north stays up
 * and east stays right.
 */
import type { PublicConfig } from '@domain/config';
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useState, type ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import './map.css';

export type MapTiles = PublicConfig;

const OSM_HOST = 'tile.openstreetmap.org';
const OSM_COPYRIGHT = 'https://www.openstreetmap.org/copyright';

/**
 * The attribution to show: the operator's for their own tiles; for OpenStreetMap's, "© OpenStreetMap
 * contributors" in the interface language (`credit` holds {{osm}} where the linked name goes).
 */
export function tileAttribution(tiles: MapTiles, credit: string): string | undefined {
  if (tiles.tileAttribution) return tiles.tileAttribution;
  if (!tiles.tileUrl?.includes(OSM_HOST)) return undefined;
  const link = `<a href="${OSM_COPYRIGHT}" target="_blank" rel="noopener" lang="en" dir="ltr">OpenStreetMap</a>`;
  return credit.replace('{{osm}}', link);
}

export interface MapViewProps {
  /** What the map shows, for screen readers. */
  label: string;
  /** The zoom buttons' names, in the interface language (Leaflet's own are English). */
  zoomLabels: { zoomIn: string; zoomOut: string };
  center: LatLngExpression;
  zoom: number;
  bounds?: LatLngBoundsExpression;
  children?: ReactNode;
  testId?: string;
  /** The server's tile setting; undefined while it is being read. */
  tiles: MapTiles | null | undefined;
  /** "© {{osm}} contributors" in the interface language: OpenStreetMap's credit. */
  credit: string;
}

const FIT_PADDING: [number, number] = [24, 24];

/**
 * Leaflet measures its box once; the screen's layout (and lazily loaded CSS) may size it after that.
 * It is measured again whenever the box changes, and the first view fitted to what it must show.
 */
function FollowContainerSize({ bounds }: { bounds: LatLngBoundsExpression | undefined }) {
  const map = useMap();
  // The first view only: a zone saved later must not move the map under the vendor's hand.
  const [initialBounds] = useState(bounds);
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    map.invalidateSize();
    if (initialBounds) map.fitBounds(initialBounds, { padding: FIT_PADDING });
    return () => observer.disconnect();
  }, [map, initialBounds]);
  return null;
}

export function MapView({ label, zoomLabels, center, zoom, bounds, children, testId, tiles, credit }: MapViewProps) {
  const tileUrl = tiles?.tileUrl;
  const attribution = tiles ? tileAttribution(tiles, credit) : undefined;
  return (
    <div className="td-map" dir="ltr" role="region" aria-label={label} data-testid={testId}>
      {/* The attribution control without Leaflet's own prefix (its link, in English). */}
      <MapContainer className="td-map__canvas" center={center} zoom={zoom} zoomControl={false} attributionControl={false}>
        <ZoomControl zoomInTitle={zoomLabels.zoomIn} zoomOutTitle={zoomLabels.zoomOut} />
        <AttributionControl prefix={false} />
        <FollowContainerSize bounds={bounds} />
        {tileUrl && <TileLayer key={`${tileUrl} ${attribution ?? ''}`} url={tileUrl} attribution={attribution} />}
        {children}
      </MapContainer>
    </div>
  );
}
