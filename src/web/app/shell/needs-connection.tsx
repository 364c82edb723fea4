/** With no connection, a screen other than the counter's (/orders, /menu) says plainly that it needs one (decision 018). */
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/notice';
import { OFFLINE_SCREENS, useOfflineStatus } from '../offline/status';

export function NeedsConnection({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  const { online } = useOfflineStatus();
  if (online || OFFLINE_SCREENS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return null;
  return (
    <Notice kind="warning" testId="needs-connection">
      {t('connection.needsConnection')}
    </Notice>
  );
}
