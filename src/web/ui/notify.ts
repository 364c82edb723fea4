/** Toasts from catalogue keys, so every message exists in both languages (`notify.success('shell:settings.linkCopied')`). */
import i18next from 'i18next';
import { toast } from 'react-toastify/unstyled';

type Kind = 'success' | 'info' | 'warning' | 'error';

function show(kind: Kind) {
  return (key: string, values?: Record<string, unknown>) => toast[kind](i18next.t(key, values));
}

export const notify = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
};
