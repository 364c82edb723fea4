/**
 * A Leaflet map for the screens that place things on the ground (zones, parking spots), with the
 * server's tile setting from the app's store (ui/map/map-view.tsx draws it). Loaded lazily by those screens
 * only, so Leaflet never weighs on the others.
 */
import { useTranslation } from 'react-i18next';
import { MapView, type MapViewProps } from '../../ui/map/map-view';
import { usePublicConfigQuery } from './map-config.api';

export type BaseMapProps = Omit<MapViewProps, 'tiles' | 'credit'>;

export function BaseMap(props: BaseMapProps) {
  const { t } = useTranslation();
  const { data, isError } = usePublicConfigQuery();
  // Without the setting (the server could not be asked) the map still works, on its plain background.
  return <MapView {...props} tiles={isError ? null : data} credit={t('map.osmCredit')} />;
}
