/**
 * The pin of the truck's base, in the forms: placed on the shared map, or typed as coordinates,
 * which keyboard and screen-reader users can do too.
 */
import { Input, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLngValue } from '../../app/map/point-picker-map';
import { useMapLabels } from './map-labels';

const PointPickerMap = lazy(() => import('../../app/map/point-picker-map'));

/** Kuwait City: where the map opens before a pin is placed. */
const DEFAULT_CENTRE: LatLngValue = { lat: 29.3759, lng: 47.9774 };

export function LocationField({ value = null, onChange }: { value?: LatLngValue | null; onChange?(value: LatLngValue): void }) {
  const { t } = useTranslation('trucks');
  const labels = useMapLabels();
  const set = (part: 'lat' | 'lng', text: string) => {
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number)) onChange?.({ lat: value?.lat ?? 0, lng: value?.lng ?? 0, [part]: number });
  };
  return (
    <div className="td-location-field">
      <Suspense fallback={<Skeleton active />}>
        <PointPickerMap {...labels} value={value} fallbackCenter={DEFAULT_CENTRE} onPick={(point) => onChange?.(point)} />
      </Suspense>
      <div className="td-location-field__coordinates">
        <label>
          <span>{t('fields.lat')}</span>
          <Input type="number" inputMode="decimal" dir="ltr" value={value?.lat ?? ''} min={-90} max={90} step="any" onChange={(e) => set('lat', e.target.value)} data-testid="location-lat" />
        </label>
        <label>
          <span>{t('fields.lng')}</span>
          <Input type="number" inputMode="decimal" dir="ltr" value={value?.lng ?? ''} min={-180} max={180} step="any" onChange={(e) => set('lng', e.target.value)} data-testid="location-lng" />
        </label>
      </div>
    </div>
  );
}
