/**
 * The truck's base on the map, in its details: shown when asked for. The address is in the facts
 * above it; the map (Leaflet, 37 KiB) is for looking around, and loading it with the details put
 * /truck-info over the screen budget (decision 015).
 */
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLngValue } from '../../app/map/point-picker-map';
import { useMapLabels } from './map-labels';

const TruckMap = lazy(() => import('./truck-map'));

export function BaseOnMap({ value }: { value: LatLngValue }) {
  const { t } = useTranslation('trucks');
  const labels = useMapLabels();
  const [shown, setShown] = useState(false);
  const mapId = useId();
  return (
    <div className="td-base-on-map">
      <Button onClick={() => setShown(!shown)} aria-expanded={shown} aria-controls={mapId} data-testid="base-map-toggle">
        {shown ? t('map.hide') : t('map.show')}
      </Button>
      <div id={mapId}>
        {shown && (
          <Suspense fallback={<Skeleton active />}>
            <TruckMap value={value} {...labels} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
