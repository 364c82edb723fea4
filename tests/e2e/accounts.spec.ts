/**
 * Accounts in the browser: the whole journey in English and in Arabic (sign up, create the profile,
 * land on /home as Applicant, sign out, reset the password from the mailed link, sign in again, the old
 * token refused), the seed's three login-state rules (docs/product.md §6.4) with a driven clock, and a
 * visitor without a session sent from a back-office screen to sign in and back.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../src/domain/i18n/ar/accounts.json';
import en from '../../src/domain/i18n/en/accounts.json';
import { fill } from '../../src/domain/i18n/fill';
import { launchBrowser, openPage } from './support/browser';
import { demoPassword } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';

/*
 * The browser globals the page callbacks below use (they run in Chromium, not in Node); declared
 * here so the Node type-check, which has no DOM library, knows them without a global DOM reference.
 */
interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
interface BrowserHistory {
  pushState(data: unknown, unused: string, url?: string): void;
  replaceState(data: unknown, unused: string, url?: string): void;
}
declare const localStorage: WebStorage;
declare const sessionStorage: WebStorage;
declare const history: BrowserHistory;
declare const location: { pathname: string };
declare const window: Record<string, unknown>;
declare const document: {
  documentElement: { dir: string };
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
};
declare function dispatchEvent(event: unknown): boolean;
declare const PopStateEvent: new (type: string) => unknown;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The test stands in for a proxy that names each simulated client's address (X-Forwarded-For).
  // Info level: the demo vendor's password is printed there.
  server = await startServer({ TRUST_PROXY_HOPS: '1', LOG_LEVEL: 'info' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiSession {
  token: string;
  expiresAt: number;
  user: { id: string; email: string; roles: string[] };
  accessList: { screen: string; actions: string[] }[];
}

const email = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;

/** A user signed up through the API, as if from another address (the per-IP sign-up limit is 10 an hour). */
async function apiSignUp(): Promise<ApiSession> {
  const account = { email: email('rules'), password: 'falafel-wrap-2025' };
  const post = (path: string) =>
    fetch(`${server.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
      body: JSON.stringify(account),
    });
  // Sign-up answers alike for new and taken addresses; the session comes from signing in.
  expect((await post('/auth/sign-up')).status).toBe(202);
  const res = await post('/auth/sign-in');
  expect(res.status).toBe(200);
  return (await res.json()) as ApiSession;
}

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }) as unknown as Record<string, string | undefined>);
const pathOf = (page: Page) => new URL(page.url()).pathname;

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight, for settle(); call right after opening the page. */
function track(page: Page) {
  const requests = new Set<unknown>();
  page.on('request', (request) => requests.add(request));
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  inFlight.set(page, requests);
}

/**
 * Lets the page finish what it is loading before the test navigates away, so no request is cut off
 * by the test itself. (`networkidle` would not do: it counts only the document's first load, not
 * what a screen loads lazily after a client-side navigation.)
 */
async function settle(page: Page) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('settle() needs track(page) first');
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (pending.size > 0) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** The reset link the server printed for `to` (the outbox, as no SMTP server is configured). */
async function resetLinkFor(to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const output = server.output();
    const at = output.lastIndexOf(`To: ${to}`);
    const link = at >= 0 ? output.slice(at).match(/https?:\/\/\S+\/\?reset=[\w%-]+/)?.[0] : undefined;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset mail for ${to} in:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A browser that signed in earlier: the session is in local storage before the app's first
 * script runs (once per tab, so later navigations see what the app made of it).
 */
async function openSeeded(session: ApiSession, isLogin: boolean, options: { role?: string[]; clockAt?: number; lang?: 'en' | 'ar' } = {}) {
  const watched = await openPage(browser, server.url);
  track(watched.page);
  if (options.clockAt !== undefined) await watched.page.clock.install({ time: options.clockAt });
  await watched.page.addInitScript(
    ({ session, isLogin, role, lang }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', 'yes');
      localStorage.setItem('Token', session.token);
      localStorage.setItem('userModel', JSON.stringify({ isLogin }));
      localStorage.setItem('user_details', JSON.stringify(session.user));
      localStorage.setItem('access_list_data', JSON.stringify(session.accessList));
      localStorage.setItem('role', JSON.stringify(role));
      localStorage.setItem('lang_dir', JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }));
      localStorage.setItem('ui_settings', JSON.stringify({ fixedNavbar: false }));
    },
    { session, isLogin, role: options.role ?? session.user.roles, lang: options.lang ?? 'ar' },
  );
  return watched;
}

describe.each([
  { lang: 'en', t: en },
  { lang: 'ar', t: ar },
] as const)('the account journey ($lang)', ({ lang, t }) => {
  it('signs up, creates the profile, signs out, resets the password by mail and signs in with it', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    track(page);
    const address = email(`journey-${lang}`);
    const password = 'grilled-corn-at-noon';
    const newPassword = 'karak-tea-after-midnight';

    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('lang_dir', JSON.stringify({ lang: l, dir: l === 'ar' ? 'rtl' : 'ltr' })), lang);
    await settle(page);
    await page.reload();
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('heading', { name: t.entry.title }).waitFor();

    // Sign up in the pop-up, then create the profile.
    await page.getByTestId('open-sign-up').click();
    await page.locator('#sign-up_email').fill(address);
    await page.locator('#sign-up_password').fill(password);
    await page.locator('#sign-up').getByRole('button', { name: t.signUp.submit }).click();
    await page.locator('#create-profile_fullName').fill('Layla Haddad');
    await page.locator('#create-profile_phone').fill('+965 5000 1234');
    await page.locator('#create-profile').getByRole('button', { name: t.profile.save }).click();

    await waitForPath(page, '/home');
    await expect.poll(async () => (await storage(page)).userModel).toBe(JSON.stringify({ isLogin: true }));
    const signedIn = await storage(page);
    expect(JSON.parse(signedIn.userModel!)).toEqual({ isLogin: true });
    // The role list is written only when it differs from the default, Applicant.
    expect(JSON.parse(signedIn.role ?? '["Applicant"]')).toEqual(['Applicant']);
    expect(JSON.parse(signedIn.user_details!)).toMatchObject({ email: address, fullName: 'Layla Haddad', phone: '+96550001234', language: lang });
    expect(JSON.parse(signedIn.access_list_data!).map((e: { screen: string }) => e.screen)).toEqual(['/home', '/truck-register', '/truck-info', '/user-profile']);
    const oldToken = signedIn.Token!;
    expect(oldToken.split('.')).toHaveLength(3);

    // Sign out from the profile screen, which shows the role too.
    await settle(page);
    // A page load refreshes the profile (GET /me, once the accounts code has loaded) and the truck list;
    // signing out while one of them is on its way ends the session under it, and its 401 would be this
    // test's doing (CI saw it for /me and for /trucks): sign out once the page has loaded what it loads.
    const profileRefreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/me' && response.request().method() === 'GET');
    await page.goto('/user-profile');
    await expect.poll(() => page.getByTestId('role').allTextContents()).toEqual([t.roles.Applicant]);
    expect((await profileRefreshed).status()).toBe(200);
    await settle(page);
    await page.getByTestId('sign-out').click();
    await waitForPath(page, '/');
    await expect.poll(async () => (await storage(page)).Token).toBeUndefined();
    const signedOut = await storage(page);
    expect(signedOut.Token).toBeUndefined();
    expect(signedOut.userModel).toBeUndefined();
    expect(JSON.parse(signedOut.lang_dir!).lang).toBe(lang);

    // Forgot the password: the address travels from the sign-in pop-up to the forgot-password one.
    await page.getByTestId('open-sign-in').click();
    await page.locator('#sign-in_email').fill(address);
    await page.getByRole('button', { name: t.signIn.forgot }).click();
    await expect.poll(() => page.locator('#forgot-password_email').inputValue()).toBe(address);
    await page.locator('#forgot-password').getByRole('button', { name: t.forgot.submit }).click();
    await page.getByTestId('reset-link-sent').waitFor();

    // Follow the link from the mail, in the user's language.
    const link = await resetLinkFor(address);
    const mail = server.output().slice(server.output().lastIndexOf(`To: ${address}`));
    expect(mail).toMatch(lang === 'ar' ? /Subject: إعادة تعيين/ : /Subject: Reset your TruckDesk password/);
    await settle(page);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.locator('#reset-password_password').fill(newPassword);
    await page.locator('#reset-password_confirmPassword').fill(newPassword);
    await page.locator('#reset-password').getByRole('button', { name: t.reset.submit }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('reset='));

    // The sign-in pop-up opens with the address filled in; the new password works.
    await page.locator('#sign-in_password').waitFor();
    await expect.poll(() => page.locator('#sign-in_email').inputValue()).toBe(address);
    await page.locator('#sign-in_password').fill(newPassword);
    await page.locator('#sign-in').getByRole('button', { name: t.signIn.submit }).click();
    await waitForPath(page, '/home');

    // The token from before the reset no longer works.
    const old = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(old.status).toBe(401);
    const current = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${(await storage(page)).Token}` } });
    expect(current.status).toBe(200);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the seed login-state rules', () => {
  async function expectSessionCleared(page: Page) {
    await expect
      .poll(async () => {
        const left = await storage(page);
        return {
          session: [left.Token, left.userModel, left.user_details, left.access_list_data],
          // Preferences stay.
          langDir: left.lang_dir && JSON.parse(left.lang_dir),
          uiSettings: left.ui_settings !== undefined,
        };
      })
      .toEqual({ session: [undefined, undefined, undefined, undefined], langDir: { lang: 'ar', dir: 'rtl' }, uiSettings: true });
  }

  it('rule 1: a token that expired while the app was closed signs the user out and goes to /', async () => {
    const session = await apiSignUp();
    // The browser's clock two hours on: the token (valid an hour) has expired there.
    const { page, context, problems } = await openSeeded(session, true, { clockAt: session.expiresAt * 1000 + 60 * 60 * 1000 });
    await page.goto('/orders');
    await waitForPath(page, '/');
    await page.getByTestId('open-sign-in').waitFor();
    await expectSessionCleared(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('rule 1: a token that expires while the app is open signs out on the next path change', async () => {
    const session = await apiSignUp();
    const { page, context, problems } = await openSeeded(session, true, { clockAt: Date.now() });
    await page.goto('/home');
    await settle(page);
    // Time moves past the expiry (timers untouched, so no renewal runs), then the user navigates.
    await page.clock.setSystemTime(session.expiresAt * 1000 + 1000);
    await page.evaluate(() => {
      history.pushState({}, '', '/user-profile');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForPath(page, '/');
    await expectSessionCleared(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renews the token while the app is open, before it expires, so a shift goes on', async () => {
    const session = await apiSignUp();
    const { page, context, problems } = await openSeeded(session, true, { clockAt: Date.now() });
    await page.goto('/user-profile');
    await page.locator('#profile_fullName').waitFor();
    const renewal = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/renew'));
    // 45 minutes later the token has 15 left: inside the 20-minute renewal margin.
    await page.clock.fastForward('45:00');
    expect((await renewal).status()).toBe(200);
    await page.waitForFunction((old) => localStorage.getItem('Token') !== old, session.token);
    const token = (await storage(page)).Token!;
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { sid: string; exp: number };
    expect(claims(token).sid).toBe(claims(session.token).sid);
    expect(claims(token).exp).toBeGreaterThanOrEqual(session.expiresAt);
    expect((await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(pathOf(page)).toBe('/user-profile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('rule 1: an undecodable token counts as expired and is reported on the console', async () => {
    const session = await apiSignUp();
    const { page, context } = await openSeeded({ ...session, token: 'not.a-token' }, true);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/home');
    await waitForPath(page, '/');
    await expectSessionCleared(page);
    expect(warnings.some((w) => /cannot be read/.test(w))).toBe(true);
    await context.close();
  });

  it.each(['/', '/sign-in'])('rule 2: not logged in on %s with a valid token marks logged in and goes on to /home', async (path) => {
    const session = await apiSignUp();
    const { page, context, problems } = await openSeeded(session, false, { clockAt: Date.now() });
    await page.goto(path);
    await waitForPath(page, '/home');
    await expect.poll(async () => JSON.parse((await storage(page)).userModel ?? 'null')).toEqual({ isLogin: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('rule 3: not logged in with a valid token stays on known routes and /jobs/{n}, resetting the role', async () => {
    const session = await apiSignUp();
    for (const path of ['/menu', '/jobs/42']) {
      const { page, context } = await openSeeded(session, false, { role: ['Vendor'], clockAt: Date.now() });
      await page.goto(path);
      await page.waitForFunction(() => localStorage.getItem('role') === '["Applicant"]');
      expect(pathOf(page)).toBe(path);
      await expect.poll(async () => JSON.parse((await storage(page)).userModel ?? 'null')).toEqual({ isLogin: false });
      await context.close();
    }
  });

  it('rule 3: elsewhere it sends the user to / (where rule 2 then signs them in)', async () => {
    const session = await apiSignUp();
    const { page, context } = await openSeeded(session, false, { role: ['Vendor'] });
    await page.addInitScript(() => {
      const paths: string[] = [];
      window.visited = paths;
      const record = (original: BrowserHistory['pushState']) =>
        function (this: BrowserHistory, ...args: Parameters<BrowserHistory['pushState']>) {
          original.apply(this, args);
          paths.push(location.pathname);
        };
      history.pushState = record(history.pushState);
      history.replaceState = record(history.replaceState);
    });
    await page.goto('/nowhere');
    await waitForPath(page, '/home');
    const visited = await page.evaluate(() => window.visited);
    expect(visited).toEqual(['/nowhere', '/', '/home']);
    await expect.poll(async () => JSON.parse((await storage(page)).role ?? 'null')).toEqual(['Applicant']);
    await context.close();
  });
});

describe('the full-page sign-up and the profile screen', () => {
  it.each([
    { lang: 'en', t: en },
    { lang: 'ar', t: ar },
  ] as const)('/new-signup with an address that has an account says its owner was mailed and signs nobody in ($lang)', async ({ lang, t }) => {
    const existing = await apiSignUp();
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('lang_dir', JSON.stringify({ lang: l, dir: l === 'ar' ? 'rtl' : 'ltr' })), lang);
    await page.goto('/new-signup');
    await page.locator('#sign-up_email').fill(existing.user.email);
    await page.locator('#sign-up_password').fill('someone-elses-guess-7');
    await page.locator('#sign-up').getByRole('button', { name: t.signUp.submit }).click();
    await page.getByTestId('sign-up-taken').getByText(fill(lang, t.signUp.taken, { email: existing.user.email })).waitFor();
    expect((await storage(page)).Token).toBeUndefined();
    // The sign-in that told the taken address apart answered 401; nothing else went wrong.
    expect(problems.filter((p) => !p.includes('/api/v1/auth/sign-in') && !p.includes('401'))).toEqual([]);
    await context.close();
  });

  it('/new-signup goes from the account to the profile to the prompt to register the truck', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/new-signup');
    await page.locator('#sign-up_email').fill(email('page'));
    await page.locator('#sign-up_password').fill('pita-bread-oven-7');
    await page.locator('#sign-up').getByRole('button', { name: en.signUp.submit }).click();
    await page.locator('#create-profile_fullName').fill('Omar Saleh');
    await page.locator('#create-profile_phone').fill('5000');
    await page.locator('#create-profile').getByRole('button', { name: en.profile.save }).click();
    await page.getByText('Enter the number in international form').waitFor();
    await page.locator('#create-profile_phone').fill('+971 50 123 4567');
    await page.locator('#create-profile').getByRole('button', { name: en.profile.save }).click();
    await page.getByText(en.signupPage.truckTitle).waitFor();
    await expect.poll(async () => JSON.parse((await storage(page)).user_details ?? 'null')).toMatchObject({ fullName: 'Omar Saleh', phone: '+971501234567' });
    await page.getByRole('link', { name: en.signupPage.registerTruck }).click();
    await waitForPath(page, '/truck-register');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/user-profile saves a photo, changes the password (ending other sessions) and switches the language', async () => {
    const session = await apiSignUp();
    const elsewhere = await fetch(`${server.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.user.email, password: 'falafel-wrap-2025' }),
    });
    const otherToken = ((await elsewhere.json()) as ApiSession).token;
    const { page, context, problems } = await openSeeded(session, true, { lang: 'en' });
    await page.goto('/user-profile');

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e7d32' } }).png().toBuffer();
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.waitForFunction(() => document.querySelector('[data-testid=avatar] img')?.getAttribute('src')?.startsWith('/api/v1/avatars/'));

    await page.locator('#change-password_currentPassword').fill('not-my-password-1');
    await page.locator('#change-password_newPassword').fill('sumac-onions-and-lime');
    await page.locator('#change-password_confirmPassword').fill('sumac-onions-and-lime');
    await page.locator('#change-password').getByRole('button', { name: en.userProfile.changePassword }).click();
    await page.getByText('Your current password is not right.').waitFor();
    // The refused attempt is the only failed request (the browser logs it too).
    expect(problems).toEqual([`HTTP 400: ${server.url}/api/v1/me/password`, expect.stringContaining('status of 400')]);
    problems.length = 0;
    await page.locator('#change-password_currentPassword').fill('falafel-wrap-2025');
    await page.locator('#change-password').getByRole('button', { name: en.userProfile.changePassword }).click();
    await page.getByText(en.userProfile.passwordChanged).waitFor();
    await expect.poll(async () => (await storage(page)).Token).not.toBe(session.token);
    const token = (await storage(page)).Token!;
    expect((await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(401);

    // The language switch reloads the page: let whatever the screen still loads finish first.
    await settle(page);
    await page.locator('#profile_fullName').fill('Noor Al-Sabah');
    await page.locator('#profile').getByRole('radio', { name: 'العربية' }).click();
    await page.locator('#profile').getByRole('button', { name: en.profile.save }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.locator('#profile_fullName').waitFor();
    await expect.poll(async () => JSON.parse((await storage(page)).lang_dir ?? 'null')).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(() => page.getByRole('button', { name: ar.userProfile.changePassword }).count()).toBe(1);
    await expect.poll(() => page.locator('#profile_fullName').inputValue()).toBe('Noor Al-Sabah');
    // The language switch reloads the page, which may cut off a font Chromium was fetching.
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  { lang: 'en', t: en, menu: 'Menu' },
  { lang: 'ar', t: ar, menu: 'قائمة الطعام' },
] as const)('a visitor without a session on a back-office screen ($lang)', ({ lang, t, menu }) => {
  it('is taken to / with the sign-in pop-up, and back to the screen once signed in', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.addInitScript((l) => {
      if (localStorage.getItem('lang_dir') === null) localStorage.setItem('lang_dir', JSON.stringify({ lang: l, dir: l === 'ar' ? 'rtl' : 'ltr' }));
    }, lang);
    await page.goto('/menu');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('next') === '/menu');
    await page.getByRole('dialog', { name: t.signIn.title }).waitFor();
    await page.locator('#sign-in_email').fill('vendor@truckdesk.demo');
    await page.locator('#sign-in_password').fill(demoPassword(server, 'Vendor', 'vendor@truckdesk.demo'));
    await page.locator('#sign-in').getByRole('button', { name: t.signIn.submit }).click();
    await page.waitForURL((url) => url.pathname === '/menu' && url.search === '');
    await expect.poll(() => page.locator('[data-testid=navbar] h1').textContent()).toBe(menu);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(problems).toEqual([]);
    await context.close();
  });
});
