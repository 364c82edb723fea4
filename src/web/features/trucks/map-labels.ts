import { useTranslation } from 'react-i18next';

/** The truck map's name and zoom buttons in the interface language (Leaflet's own are English). */
export function useMapLabels() {
  const { t } = useTranslation('trucks');
  return { label: t('map.label'), zoomLabels: { zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') } };
}
