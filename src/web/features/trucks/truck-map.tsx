/** The truck's base on the shared map, read-only (truck info). Default export: loaded with React.lazy, so Leaflet stays off other screens. */
import { Marker } from 'react-leaflet';
import { BaseMap } from '../../app/map/base-map';
import { pinIcon } from '../../ui/map/map-handles';
import type { LatLngValue } from '../../app/map/point-picker-map';

export default function TruckMap({ value, label, zoomLabels }: { value: LatLngValue; label: string; zoomLabels: { zoomIn: string; zoomOut: string } }) {
  return (
    <BaseMap label={label} zoomLabels={zoomLabels} center={value} zoom={15} testId="truck-map">
      <Marker position={value} icon={pinIcon} keyboard={false} />
    </BaseMap>
  );
}
