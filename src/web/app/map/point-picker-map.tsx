/** A map to set one point by clicking or by dragging its pin (a truck's parking spot). Default export: loaded with React.lazy. */
import type { LatLngExpression, Marker as LeafletMarker } from 'leaflet';
import { Marker, useMapEvent } from 'react-leaflet';
import { BaseMap, type BaseMapProps } from './base-map';
import { pinIcon, rounded } from '../../ui/map/map-handles';

export interface LatLngValue {
  lat: number;
  lng: number;
}

export interface PointPickerMapProps {
  label: string;
  zoomLabels: BaseMapProps['zoomLabels'];
  value: LatLngValue | null;
  /** Where to look when there is no point yet. */
  fallbackCenter: LatLngExpression;
  onPick(point: LatLngValue): void;
}

function ClickToPick({ onPick }: Pick<PointPickerMapProps, 'onPick'>) {
  useMapEvent('click', (event) => onPick(rounded(event.latlng)));
  return null;
}

export default function PointPickerMap({ label, zoomLabels, value, fallbackCenter, onPick }: PointPickerMapProps) {
  return (
    <BaseMap label={label} zoomLabels={zoomLabels} center={value ?? fallbackCenter} zoom={value ? 15 : 11} testId="point-picker-map">
      <ClickToPick onPick={onPick} />
      {value && (
        <Marker
          position={value}
          icon={pinIcon}
          draggable
          keyboard={false}
          eventHandlers={{ dragend: (event) => onPick(rounded((event.target as LeafletMarker).getLatLng())) }}
        />
      )}
    </BaseMap>
  );
}
