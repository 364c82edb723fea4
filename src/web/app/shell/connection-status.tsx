/**
 * The navbar's word on the connection and the device queue (decision 018): online, offline, how many
 * changes wait to be sent, sending, conflicts to look at, or a sign-in the queue waits for. It reads
 * the small status store only; when changes wait and the connection is back on a screen that does not
 * load the queue, it loads the queue to send them (a dynamic import, never on the first load).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfflineStatus } from '../offline/status';

export function ConnectionStatus() {
  const { t } = useTranslation('shell');
  const status = useOfflineStatus();
  const { online, waiting, sending, conflicts, needsSignIn } = status;
  useEffect(() => {
    if (online && waiting > 0) void import('../offline/device-queue').then(({ sendNow }) => sendNow());
  }, [online, waiting]);
  const words = [
    t(online ? 'connection.online' : 'connection.offline'),
    ...(sending ? [t('connection.sending')] : waiting > 0 ? [t('connection.waiting', { count: waiting })] : []),
    ...(conflicts > 0 ? [t('connection.conflicts', { count: conflicts })] : []),
    ...(needsSignIn ? [t('connection.signIn')] : []),
  ];
  const state = !online ? 'offline' : conflicts > 0 || needsSignIn ? 'attention' : sending || waiting > 0 ? 'sending' : 'online';
  return (
    <span className="td-connection" role="status" aria-label={t('connection.label')} data-state={state} data-testid="connection-status" title={words.join(' — ')}>
      <span className="td-connection__dot" aria-hidden />
      <span className="td-connection__words">{words.join(' — ')}</span>
    </span>
  );
}
