/** Where the truck stands, on a map: loaded only when the customer opens it. Default export for React.lazy. */
import { Marker } from 'react-leaflet';
import { pinIcon } from '../../ui/map/map-handles';
import { MapView } from '../../ui/map/map-view';
import { useWording } from './i18n';
import { useTiles } from './tile-url';

export default function SpotMap({ point, label, zoomLabels }: { point: { lat: number; lng: number }; label: string; zoomLabels: { zoomIn: string; zoomOut: string } }) {
  const tiles = useTiles();
  const { t } = useWording();
  return (
    <MapView label={label} zoomLabels={zoomLabels} center={point} zoom={15} tiles={tiles} credit={t('map.osmCredit')} testId="spot-map">
      <Marker position={point} icon={pinIcon} />
    </MapView>
  );
}
