/**
 * Journeys that act as the demo vendor: its sign-in (printed by the server at info level on a fresh
 * embedded database) and a browser session seeded the way the app stores one.
 */
import type { Page } from 'playwright-core';
import type { RunningServer } from './server';

export interface DemoSession {
  token: string;
  user: { roles: string[] };
  accessList: unknown[];
}

export async function signInDemoVendor(server: RunningServer): Promise<DemoSession> {
  const password = server.output().match(/Demo sign-in \(Vendor\): vendor@truckdesk\.demo \/ ([\w-]+)/)?.[1];
  if (!password) throw new Error(`no demo sign-in in:\n${server.output().slice(-2000)}`);
  const res = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'vendor@truckdesk.demo', password }),
  });
  if (res.status !== 200) throw new Error(`demo sign-in answered ${res.status}`);
  return (await res.json()) as DemoSession;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Stores the session under the app's keys before the first page script runs (once per tab). */
export async function seedSession(page: Page, session: DemoSession, lang: 'en' | 'ar', truckId: string): Promise<void> {
  await page.addInitScript(
    ({ session, lang, truckId }) => {
      // Runs in the page; this program has no DOM types.
      const { localStorage, sessionStorage } = globalThis as unknown as Record<'localStorage' | 'sessionStorage', KeyValueStore>;
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', 'yes');
      localStorage.setItem('Token', session.token);
      localStorage.setItem('userModel', JSON.stringify({ isLogin: true }));
      localStorage.setItem('user_details', JSON.stringify(session.user));
      localStorage.setItem('access_list_data', JSON.stringify(session.accessList));
      localStorage.setItem('role', JSON.stringify(session.user.roles));
      localStorage.setItem('lang_dir', JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }));
      localStorage.setItem('current_truck', truckId);
    },
    { session, lang, truckId },
  );
}
