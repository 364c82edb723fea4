/**
 * A Leaflet map for the screens that place things on the ground (zones, parking spots). Tiles only
 * when the server names a tile URL; without one, shapes, markers and editing work on a plain
 * background. Loaded lazily by those screens only, so Leaflet never weighs on the others.
 * Maps are not mirrored in Arabic: north stays up and east stays right.
 */
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useState, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { usePublicConfigQuery } from './map-config.api';
import './map.css';

export interface BaseMapProps {
  /** What the map shows, for screen readers. */
  label: string;
  /** The zoom buttons' names, in the interface language (Leaflet's own are English). */
  zoomLabels: { zoomIn: string; zoomOut: string };
  center: LatLngExpression;
  zoom: number;
  bounds?: LatLngBoundsExpression;
  children?: ReactNode;
  testId?: string;
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

export function BaseMap({ label, zoomLabels, center, zoom, bounds, children, testId }: BaseMapProps) {
  const tileUrl = usePublicConfigQuery().data?.tileUrl;
  return (
    <div className="td-map" dir="ltr" role="region" aria-label={label} data-testid={testId}>
      {/* No attribution control: its only content would be Leaflet's own link, in English. */}
      <MapContainer className="td-map__canvas" center={center} zoom={zoom} zoomControl={false} attributionControl={false}>
        <ZoomControl zoomInTitle={zoomLabels.zoomIn} zoomOutTitle={zoomLabels.zoomOut} />
        <FollowContainerSize bounds={bounds} />
        {tileUrl && <TileLayer url={tileUrl} />}
        {children}
      </MapContainer>
    </div>
  );
}
