/**
 * Journeys that act as the demo vendor or another account: the demo sign-ins (printed by the server
 * at info level on a fresh embedded database), signing in through the sign-in pop-up as a person
 * does, and a browser session seeded the way the app stores one (for journeys about something else).
 */
import type { Page } from 'playwright-core';
import { DEMO_TRUCK } from './demo-truck';
import type { RunningServer } from './server';

export interface DemoSession {
  token: string;
  user: { roles: string[] };
  accessList: unknown[];
}

/** A demo account's password, as the server printed it at info level on a fresh embedded database. */
export function demoPassword(server: RunningServer, role: 'Admin' | 'Vendor' | 'Applicant, Staff', email: string): string {
  const password = server.output().match(new RegExp(`Demo sign-in \\(${role}\\): ${email.replace(/\./g, '\\.')} / ([\\w-]+)`))?.[1];
  if (!password) throw new Error(`no demo sign-in for ${email} in:\n${server.output().slice(-2000)}`);
  return password;
}

/** Signs in through the API: the session a journey uses for its own calls. */
export async function signInByApi(server: RunningServer, email: string, password: string): Promise<DemoSession> {
  const res = await fetch(`${server.url}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return (await res.json()) as DemoSession;
}

export async function signInDemoVendor(server: RunningServer): Promise<DemoSession> {
  return signInByApi(server, 'vendor@truckdesk.demo', demoPassword(server, 'Vendor', 'vendor@truckdesk.demo'));
}

/**
 * Signs in as a person does: the entry page in their language, the sign-in pop-up, the address and
 * the password, and on to /home (the app keeps the session it was given; nothing is seeded but the
 * language chosen before).
 */
export async function signInThroughPopup(page: Page, lang: 'en' | 'ar', email: string, password: string): Promise<void> {
  await page.addInitScript((lang) => {
    const { localStorage } = globalThis as unknown as { localStorage: KeyValueStore };
    if (localStorage.getItem('lang_dir') === null) localStorage.setItem('lang_dir', JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }));
  }, lang);
  await page.goto('/');
  await page.getByTestId('open-sign-in').click();
  const form = page.locator('#sign-in');
  await page.locator('#sign-in_email').fill(email);
  await page.locator('#sign-in_password').fill(password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/home');
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

const vendorSessions = new WeakMap<RunningServer, Promise<DemoSession>>();

/**
 * This tab signed in as the demo vendor (one sign-in per server), for the shell's journeys about
 * something other than signing in: the back office sends a visitor without a session to sign in.
 * The server must log at info level (the demo password is printed there).
 */
export async function signInTab(page: Page, server: RunningServer, lang: 'en' | 'ar' = 'en'): Promise<void> {
  let session = vendorSessions.get(server);
  if (!session) {
    session = signInDemoVendor(server);
    vendorSessions.set(server, session);
  }
  await seedSession(page, await session, lang, DEMO_TRUCK.id);
}
