/** The truck's IANA time zone: the browser's list, plus the current value if the list lacks it (an alias). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../ui/native-fields';

export function TimeZoneSelect({ value, onChange, invalid }: { value: string; onChange(value: string): void; invalid: boolean }) {
  const { t } = useTranslation('hours');
  const options = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return (zones.includes(value) ? zones : [value, ...zones]).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  }, [value]);
  return (
    <label className="td-time-zone">
      <span>{t('timeZone.label')}</span>
      <NativeSelect value={value} options={options} onChange={onChange} invalid={invalid} translate="no" testId="time-zone" />
    </label>
  );
}
