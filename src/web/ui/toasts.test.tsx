import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { notify } from './notify';
import { Toasts } from './toasts';

// Test files share one module graph (vite.config.ts): a toast another file raised after its screen
// was unmounted waits in react-toastify's queue for the next container, which would be this file's.
// With no container mounted, dismiss() empties that queue.
beforeEach(() => toast.dismiss());

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

async function showToast(lang: 'en' | 'ar') {
  await initI18n(lang);
  render(<Toasts rtl={lang === 'ar'} dark={false} />);
  act(() => void notify.success('shell:settings.linkCopied'));
}

describe('toasts', () => {
  it('show a catalogue message at the top right, labelled in English', async () => {
    await showToast('en');
    const message = await screen.findByText('The link is copied.');
    expect(message.closest('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the notification' })).toBeTruthy();
  });

  it('mirror to the top left in Arabic, labelled in Arabic', async () => {
    await showToast('ar');
    const message = await screen.findByText('تم نسخ الرابط.');
    expect(message.closest('.Toastify__toast-container--top-left.Toastify__toast-container--rtl')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'الإشعارات' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'أغلق الإشعار' })).toBeTruthy();
  });
});
