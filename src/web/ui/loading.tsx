/** "Loading…" where a screen's data or a lazily loaded part will appear. */
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="td-loading" role="status">
      {t('loading')}
    </p>
  );
}
