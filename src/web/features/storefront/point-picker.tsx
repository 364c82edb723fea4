/** The delivery point: tap the map (or drag the pin). Loaded only when the customer opens it. Default export for React.lazy. */
import type { Marker as LeafletMarker } from 'leaflet';
import { Marker, useMapEvent } from 'react-leaflet';
import { pinIcon, rounded } from '../../ui/map/map-handles';
import { MapView } from '../../ui/map/map-view';
import { useWording } from './i18n';
import { useTiles } from './tile-url';

interface Point {
  lat: number;
  lng: number;
}

function TapToPick({ onPick }: { onPick(point: Point): void }) {
  useMapEvent('click', (event) => onPick(rounded(event.latlng)));
  return null;
}

export default function PointPicker(props: { value: Point | null; fallback: Point; label: string; zoomLabels: { zoomIn: string; zoomOut: string }; onPick(point: Point): void }) {
  const { value, fallback, label, zoomLabels, onPick } = props;
  const tiles = useTiles();
  const { t } = useWording();
  return (
    <MapView label={label} zoomLabels={zoomLabels} center={value ?? fallback} zoom={14} tiles={tiles} credit={t('map.osmCredit')} testId="delivery-map">
      <TapToPick onPick={onPick} />
      {value && (
        <Marker
          position={value}
          icon={pinIcon}
          draggable
          eventHandlers={{ dragend: (event) => onPick(rounded((event.target as LeafletMarker).getLatLng())) }}
        />
      )}
    </MapView>
  );
}
