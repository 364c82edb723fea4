/**
 * Trucks in the browser, in English and in Arabic: an Applicant registers a truck through the
 * wizard (a disguised file refused on the way, the page reloaded halfway and the wizard resuming
 * where it was left), submits it, an Admin approves it from the review queue, and the vendor's next
 * visit greets them with the decision and a sidebar that now holds the truck pages.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../src/server/demo/demo-files';
import ar from '../../src/domain/i18n/ar/trucks.json';
import en from '../../src/domain/i18n/en/trucks.json';
import { launchBrowser, openPage, type WatchedPage } from './support/browser';
import { axeProblems, guideScreenshot } from './support/guide';
import { typeInPicker } from './support/pickers';
import { startServer, type RunningServer } from './support/server';
import { waitForAnimations } from './support/shell';

let server: RunningServer;
let browser: Browser;
let admin: { email: string; password: string };

beforeAll(async () => {
  // The embedded database: a fresh one gets the demo accounts, whose sign-ins the server logs at info.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  const found = /Demo sign-in \(Admin\): (\S+) \/ ([\w-]+)/.exec(server.output());
  if (!found) throw new Error(`no demo admin in the server output:\n${server.output()}`);
  admin = { email: found[1]!, password: found[2]! };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiSession {
  token: string;
  user: { id: string; email: string; roles: string[] };
  accessList: { screen: string; actions: string[] }[];
}

const fromSomewhere = () => ({ 'content-type': 'application/json', 'x-forwarded-for': `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...fromSomewhere(), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs the page in as that session, the way the app itself keeps one (the seed's storage keys, docs/product.md §6.3), in that language. */
async function signInPage(page: Page, session: ApiSession, lang: 'en' | 'ar') {
  const items = {
    Token: session.token,
    userModel: JSON.stringify({ isLogin: true }),
    user_details: JSON.stringify(session.user),
    role: JSON.stringify(session.user.roles),
    access_list_data: JSON.stringify(session.accessList),
    lang_dir: JSON.stringify(lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }),
  };
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(`Object.entries(${JSON.stringify(items)}).forEach(([key, value]) => localStorage.setItem(key, value))`);
}

const kuwaitDate = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Problems a journey must not have; the refused disguised upload is the one expected 4xx (and the browser logs it). */
const unexpected = (watched: WatchedPage) =>
  watched.problems.filter((p) => !/HTTP 415: .*\/uploads\?purpose=document/.test(p) && !/status of 415 \(Unsupported Media Type\)/.test(p));

/** Lets the page finish loading before the test navigates, so no request is cut off by the test itself. */
const settle = (page: Page) => page.waitForLoadState('networkidle');

async function fillDocument(page: Page, type: string, number: string) {
  const card = page.getByTestId(`document-${type}`);
  await card.getByTestId('document-number').fill(number);
  await card.getByTestId('document-issuer').fill('Ministry of Commerce');
  await typeInPicker(card.getByTestId('document-issueDate'), kuwaitDate(-120));
  await typeInPicker(card.getByTestId('document-expiryDate'), kuwaitDate(300));
  await card.getByTestId('document-upload-input').setInputFiles({ name: `${type}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf(type) });
  await card.getByTestId('document-file').waitFor();
  await card.getByTestId('document-save').click();
  await card.locator('[data-testid=document-state][data-state=valid]').waitFor();
}

describe.each([
  { lang: 'en' as const, text: en, nameEn: 'Falafel Express', nameAr: 'فلافل إكسبرس' },
  { lang: 'ar' as const, text: ar, nameEn: 'Shawarma Corner', nameAr: 'زاوية الشاورما' },
])('registering a truck in $lang', ({ lang, text, nameEn, nameAr }) => {
  it('goes from the wizard through review to a vendor with truck pages', async () => {
    const account = { email: `applicant-${randomBytes(4).toString('hex')}@example.com`, password: 'falafel-wrap-2025' };
    // Sign-up answers alike for new and taken addresses; the session comes from signing in.
    await api('/auth/sign-up', { method: 'POST', body: { ...account, language: lang } });
    const applicant = await api<ApiSession>('/auth/sign-in', { method: 'POST', body: account });
    const vendor = await openPage(browser, server.url, { bypassCSP: true });
    const { page } = vendor;
    await signInPage(page, applicant, lang);
    /** axe on every step of the wizard, each step's findings under its name. */
    const axe: Record<string, unknown[]> = {};
    const check = async (step: string) => {
      // Colour contrast of antd's green tags and one node on the last step is still open (the
      // issue's report): the rest, repeated ids and label association included, must be clean.
      axe[step] = (await axeProblems(page)).filter((problem) => problem.id !== 'color-contrast');
    };

    // Start, and step 1: the basics.
    await page.goto('/truck-register');
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('wizard-start').getByText(text.wizard.startTitle).waitFor();
    await check('start');
    await guideScreenshot(page, 'truck-start', lang);
    await page.getByTestId('wizard-start-button').click();
    await page.locator('[data-testid=wizard][data-step=basics]').waitFor();
    await page.getByTestId('nameEn').fill(nameEn);
    await page.getByTestId('nameAr').fill(nameAr);
    await page.getByTestId('cuisines').getByRole('button', { name: text.cuisines.falafel }).click();
    await page.getByTestId('cuisines').getByRole('button', { name: text.cuisines.shawarma }).click();
    const logo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2e7d32' } }).png().toBuffer();
    await page.getByTestId('logo-upload-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByTestId('logo-preview').waitFor();
    await check('basics');
    await guideScreenshot(page, 'truck-basics', lang);
    await page.getByTestId('wizard-next').click();

    // Step 2: documents. A script renamed .pdf is refused with a clear message, in the page's language.
    await page.locator('[data-testid=wizard][data-step=documents]').waitFor();
    await page.getByTestId('document-commercial_registration').getByTestId('document-number').waitFor();
    await check('documents');
    await guideScreenshot(page, 'truck-documents', lang);
    const permit = page.getByTestId('document-health_permit');
    await permit.getByTestId('document-upload-input').setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: Buffer.from('#!/bin/sh\necho owned\n') });
    await expect.poll(() => permit.getByTestId('document-upload-error').textContent()).toMatch(lang === 'ar' ? /PDF.*محتواه ليس كذلك/ : /named like a PDF file, but its content is not one/);
    await fillDocument(page, 'commercial_registration', 'CR-2024-118');
    await fillDocument(page, 'health_permit', 'HP-77-1203');

    // Leaving halfway: a reload (or another device) resumes at the first step still to do.
    await settle(page);
    await page.reload();
    await page.locator('[data-testid=wizard][data-step=location]').waitFor();
    await page.getByTestId('wizard-back').click();
    await page.locator('[data-testid=document-commercial_registration] [data-testid=document-state][data-state=valid]').waitFor();
    await page.getByTestId('wizard-next').click();

    // Step 3: location and contact; the pin goes on the map (no tile server: a plain background).
    await page.locator('[data-testid=wizard][data-step=location]').waitFor();
    await page.getByTestId('baseCity').fill('Kuwait City');
    await page.getByTestId('address').fill('Gulf Road, Sharq');
    await page.getByTestId('point-picker-map').click();
    await expect.poll(async () => Number(await page.getByTestId('location-lat').inputValue())).not.toBe(0);
    await page.getByTestId('phone').fill('+965 5000 1234');
    await page.getByTestId('powerSource').getByRole('radio', { name: text.powerSources.generator }).click();
    // Forgot the length: it says so, and the message leaves as soon as a length is typed (Arabic digits too).
    const lengthItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('vehicleLengthM') });
    await page.getByTestId('wizard-next').click();
    await expect.poll(() => lengthItem.locator('.ant-form-item-explain-error').allTextContents()).toEqual([lang === 'ar' ? 'هذا الحقل مطلوب.' : 'This field is required.']);
    await page.getByTestId('vehicleLengthM').fill(lang === 'ar' ? '٦٫٥' : '6.5');
    await expect.poll(() => lengthItem.locator('.ant-form-item-explain-error').count()).toBe(0);
    await check('location');
    await guideScreenshot(page, 'truck-location', lang);
    await page.getByTestId('wizard-next').click();

    // Step 4: review and submit.
    await page.locator('[data-testid=wizard][data-step=review]').waitFor();
    await page.getByTestId('no-problems').waitFor();
    await page.getByTestId('truck-details').getByText(nameAr).waitFor();
    await check('review');
    await guideScreenshot(page, 'truck-review', lang);
    await page.getByTestId('wizard-submit').click();
    await page.getByTestId('wizard-submitted').getByText(text.wizard.submittedTitle).waitFor();
    await check('submitted');
    await guideScreenshot(page, 'truck-submitted', lang);
    expect(axe).toEqual({ start: [], basics: [], documents: [], location: [], review: [], submitted: [] });
    const [truck] = await api<{ id: string; status: string }[]>('/trucks', { token: applicant.token });
    expect(truck?.status).toBe('submitted');
    expect((await api<{ location: { vehicleLengthM: number } }>(`/trucks/${truck!.id}`, { token: applicant.token })).location.vehicleLengthM).toBe(6.5);

    // An admin approves it from the queue.
    const adminSession = await api<ApiSession>('/auth/sign-in', { method: 'POST', body: admin });
    const reviewer = await openPage(browser, server.url);
    await signInPage(reviewer.page, adminSession, lang);
    await reviewer.page.goto('/admin/reviews');
    await reviewer.page.getByTestId(`admin-row-${truck!.id}`).waitFor();
    await guideScreenshot(reviewer.page, 'admin-reviews', lang);
    await reviewer.page.getByTestId(`admin-row-${truck!.id}`).getByTestId('admin-open').click();
    await reviewer.page.locator('[data-testid=review-panel][data-status=submitted]').waitFor();
    await reviewer.page.getByTestId('review-panel').getByText(nameEn).first().waitFor();
    await guideScreenshot(reviewer.page, 'admin-review-panel', lang);
    await reviewer.page.getByTestId('review-approve').click();
    await reviewer.page.getByTestId('review-confirm').click();
    await reviewer.page.locator('[data-testid=review-panel][data-status=approved]').waitFor();
    // A truck screen is not the Admin's: "no access", not an invitation to register a truck.
    await settle(reviewer.page);
    await reviewer.page.goto('/menu');
    await reviewer.page.getByTestId('no-access').waitFor();
    expect(unexpected(reviewer)).toEqual([]);
    await reviewer.context.close();

    // The vendor's next visit: the decision as a toast, and the truck pages in the sidebar without signing out.
    await settle(page);
    await page.goto('/truck-info');
    await page.locator('.Toastify').getByText(text.notices.approve.replace('{{name}}', lang === 'ar' ? nameAr : nameEn)).waitFor();
    await page.locator('[data-testid=truck-status][data-status=approved]').first().waitFor();
    for (const screen of ['/menu', '/orders', '/booking-details']) await page.locator(`[data-testid=sidebar] a[href="${screen}"]`).waitFor();
    await page.getByTestId('truck-switcher').getByText(lang === 'ar' ? nameAr : nameEn).waitFor();
    await guideScreenshot(page, 'truck-info', lang);
    await expect.poll(async () => JSON.parse((await page.evaluate('localStorage.getItem("role")')) as string)).toEqual(['Vendor']);
    await settle(page);
    expect(unexpected(vendor)).toEqual([]);
    await vendor.context.close();
  });
});

describe('several trucks', () => {
  it('switches the current truck from the navbar, keeps the choice across reloads, and warns of expiring papers', async () => {
    const demoVendor = /Demo sign-in \(Vendor\): (\S+) \/ ([\w-]+)/.exec(server.output());
    const session = await api<ApiSession>('/auth/sign-in', { method: 'POST', body: { email: demoVendor![1], password: demoVendor![2] } });
    const watched = await openPage(browser, server.url);
    const { page } = watched;
    await signInPage(page, session, 'en');
    await page.goto('/truck-info');
    await page.getByTestId('truck-details').getByText('Saj Station').waitFor();
    // The demo truck's insurance expires within 30 days: a warning on the page and in the navbar (so on /home too).
    await page.locator('[data-testid=document-alert][data-state=expiring]').waitFor();
    // It says where to renew it: here, and its button opens this page's documents form.
    await expect.poll(() => page.getByTestId('document-alert').locator('.ant-alert-description').textContent()).toBe(en.alerts.renew);
    await page.getByTestId('document-renew').click();
    await page.getByTestId('documents-form').waitFor();
    await expect.poll(() => page.getByTestId('document-renew').count()).toBe(0);
    await settle(page);
    await page.goto('/home');
    await page.locator('[data-testid=document-warning][data-state=expiring]').waitFor();

    await page.getByTestId('truck-switcher').click();
    // A click on a menu still sliding open can land beside its item on a loaded machine (CI saw the
    // choice not taken once): click once the menu has stopped moving, and go on once the navbar names it.
    await page.getByRole('menuitem', { name: /Taco Rueda/ }).waitFor();
    await waitForAnimations(page);
    await page.getByRole('menuitem', { name: /Taco Rueda/ }).click();
    await page.getByTestId('truck-switcher').getByText('Taco Rueda').waitFor();
    await settle(page);
    await page.goto('/truck-info');
    await page.getByTestId('truck-details').getByText('Taco Rueda').waitFor();
    await settle(page);
    await page.reload();
    await page.getByTestId('truck-details').getByText('Taco Rueda').waitFor();
    await page.locator('[data-testid=truck-status][data-status=submitted]').first().waitFor();
    await settle(page);
    expect(watched.problems).toEqual([]);
    await watched.context.close();
  });
});
