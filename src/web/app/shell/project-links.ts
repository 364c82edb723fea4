/** Where the settings drawer's documentation, star and share links point. */
import i18next from 'i18next';
import { notify } from '../../ui/notify';

const DEFAULT_REPOSITORY_URL = 'https://github.com/truckdesk/truckdesk';

export function repositoryUrl(configured: string | undefined = import.meta.env.VITE_REPOSITORY_URL): string {
  return (configured?.trim() || DEFAULT_REPOSITORY_URL).replace(/\/+$/, '');
}

export function userGuideUrl(repository = repositoryUrl()): string {
  return `${repository}/blob/main/docs/user-guide.md`;
}

/** The truck's public page; until trucks exist, the app itself. */
export function publicPageUrl(): string {
  return window.location.origin;
}

/** Web Share where the browser has it, else the link goes to the clipboard; the outcome is a toast. */
export async function sharePublicPage(): Promise<void> {
  const url = publicPageUrl();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: i18next.t('app.name'), url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success('shell:settings.linkCopied');
  } catch {
    notify.error('shell:settings.shareFailed');
  }
}
