/** Where the settings drawer's documentation and share links point. */
import i18next from 'i18next';
import { notify } from '../../ui/notify';

/** The user guide the app serves itself (server: features/guide), in the interface language. */
export function userGuideUrl(lang: 'en' | 'ar'): string {
  return `/guide/${lang}`;
}

/** The full address of a public page path such as /t/{slug}. */
export function publicPageUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Web Share where the browser has it, else the link goes to the clipboard; the outcome is a toast. */
export async function sharePublicPage(path: string): Promise<void> {
  const url = publicPageUrl(path);
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
