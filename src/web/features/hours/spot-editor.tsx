/**
 * Where the truck parks during a shift: an address and a pin, typed as coordinates or picked on
 * a map (loaded only when asked for).
 */
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../ui/loading';
import { NativeInput, NumberInput } from '../../ui/native-fields';
import type { SpotDraft } from './hours-draft';

const PointPickerMap = lazy(() => import('../../app/map/point-picker-map'));

/** Kuwait City: where a map without a pin opens. */
const DEFAULT_CENTER: [number, number] = [29.3759, 47.9774];

export interface SpotEditorProps {
  spot: SpotDraft;
  testId: string;
  onChange(spot: SpotDraft): void;
}

export function SpotEditor({ spot, testId, onChange }: SpotEditorProps) {
  const { t } = useTranslation('hours');
  const [mapOpen, setMapOpen] = useState(false);
  const pin = spot.lat !== null && spot.lng !== null ? { lat: spot.lat, lng: spot.lng } : null;
  return (
    <div className="td-spot" data-testid={testId}>
      <NativeInput
        className="td-spot__address"
        value={spot.address}
        onChange={(event) => onChange({ ...spot, address: event.target.value })}
        placeholder={t('spot.addressPlaceholder')}
        aria-label={t('spot.address')}
        maxLength={200}
      />
      <NumberInput className="td-spot__coordinate" value={spot.lat} min={-90} max={90} onChange={(lat) => onChange({ ...spot, lat })} placeholder={t('spot.lat')} aria-label={t('spot.lat')} />
      <NumberInput className="td-spot__coordinate" value={spot.lng} min={-180} max={180} onChange={(lng) => onChange({ ...spot, lng })} placeholder={t('spot.lng')} aria-label={t('spot.lng')} />
      <Button onClick={() => setMapOpen((open) => !open)} aria-expanded={mapOpen}>
        {mapOpen ? t('spot.hideMap') : t('spot.pickOnMap')}
      </Button>
      {mapOpen && (
        <div className="td-spot__map">
          <Suspense fallback={<Loading />}>
            <PointPickerMap label={t('spot.mapLabel')} zoomLabels={{ zoomIn: t('spot.zoomIn'), zoomOut: t('spot.zoomOut') }} value={pin} fallbackCenter={DEFAULT_CENTER} onPick={(point) => onChange({ ...spot, ...point })} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
