/**
 * The truck's team in the browser, in English and in Arabic: the demo vendor invites someone from
 * the Team section of /truck-info (at phone width, without sideways scrolling); the invitee opens
 * the mailed link (from the console outbox) in a second browser context, creates an account, joins
 * as staff, takes an order on the dashboard (the panel names them), sees the truck as Staff in the
 * switcher and cannot edit the menu; the vendor removes them, and their next action fails cleanly.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arOrders from '../../src/domain/i18n/ar/orders.json';
import arTeam from '../../src/domain/i18n/ar/team.json';
import arTeamSection from '../../src/domain/i18n/ar/team-section.json';
import enOrders from '../../src/domain/i18n/en/orders.json';
import enTeam from '../../src/domain/i18n/en/team.json';
import enTeamSection from '../../src/domain/i18n/en/team-section.json';
import { fill } from '../../src/domain/i18n/fill';
import { launchBrowser, openPage } from './support/browser';
import { guideScreenshot } from './support/guide';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { callApi, DEMO_TRUCK, demoTruckReadyToOrder, type ApiInit } from './support/demo-truck';
import { fromLastMail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';
import { seedLanguage } from './support/shell';

const PASSWORD = 'grilled-halloumi-42';

let server: RunningServer;
let browser: Browser;
let vendor: DemoSession;
let itemId: string;

const api = <T,>(path: string, init: ApiInit = {}) => callApi<T>(server, path, init);

beforeAll(async () => {
  // The demo vendor and truck live on the embedded database; its sign-in is printed at info level.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  vendor = await signInDemoVendor(server);
  ({ itemId } = await demoTruckReadyToOrder(server, vendor.token));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The invitation link of the newest mail to `email`, as the console outbox printed it. */
const mailedLink = (email: string) => fromLastMail(server, email, /(\/invite\?token=[^\s]+)/);

/** The Team section fits the phone's width: nothing in it sticks out or scrolls sideways. */
const sectionFits = (page: Page) =>
  page.getByTestId('team-section').evaluate((section) => {
    // Runs in the page; this program has no DOM types.
    const width = (section.ownerDocument as unknown as { documentElement: { clientWidth: number } }).documentElement.clientWidth;
    return [section, ...section.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Zero-width elements (closed animations, hidden helpers) take no room.
        if (box.width === 0 || el.clientWidth === 0) return false;
        return box.left < -1 || box.right > width + 1 || el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)} (${el.scrollWidth}/${el.clientWidth})`);
  });

describe.each([
  { lang: 'en', t: enTeam, s: enTeamSection, o: enOrders },
  { lang: 'ar', t: arTeam, s: arTeamSection, o: arOrders },
] as const)('the team ($lang)', ({ lang, t, s, o }) => {
  it('invite, join from the mailed link, take an order, no menu editing, removed: the next action fails cleanly', async () => {
    const email = `staff-${lang}-${Date.now()}@example.com`;

    // The vendor, on a phone: the Team section of /truck-info.
    const owner = await openPage(browser, server.url, { viewport: { width: 360, height: 780 } });
    await seedSession(owner.page, vendor, lang, DEMO_TRUCK.id);
    await owner.page.goto('/truck-info');
    const section = owner.page.getByTestId('team-section');
    await section.waitFor({ timeout: 20_000 });
    await expect.poll(() => owner.page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await section.getByText(s.title, { exact: true }).waitFor();
    // The form loads when asked for, and takes the cursor.
    await owner.page.getByTestId('invite-open').click();
    const focused = () => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid');
    await expect.poll(() => owner.page.evaluate(focused)).toBe('invite-email');
    await owner.page.getByTestId('invite-email').fill(email);
    await owner.page.getByTestId('invite-name').fill('Noura');
    await owner.page.getByTestId('invite-submit').click();
    await owner.page.getByTestId(`invitation-${email}`).waitFor();
    await owner.page.getByTestId(`invitation-${email}`).getByText(s.invitations.pending).waitFor();
    await expect.poll(() => sectionFits(owner.page)).toEqual([]);
    // The sales figures' switch, found by its label: on (a toast says so), then off again, the demo's default.
    const revenue = section.getByRole('switch', { name: s.settings.revenue });
    await expect.poll(() => revenue.isChecked()).toBe(false);
    await revenue.click();
    await owner.page.getByText(s.settings.revenueShown).waitFor();
    await expect.poll(() => revenue.isChecked()).toBe(true);
    await expect.poll(() => sectionFits(owner.page)).toEqual([]);
    await revenue.click();
    await owner.page.getByText(s.settings.revenueHidden).waitFor();
    await expect.poll(() => revenue.isChecked()).toBe(false);
    // The same address again is refused, in words.
    await owner.page.getByTestId('invite-email').fill(email);
    await owner.page.getByTestId('invite-submit').click();
    await owner.page.getByTestId('invite-problem').waitFor();

    // The invitee, in a browser of their own, from the mailed link.
    const invitee = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
    await seedLanguage(invitee.page, lang);
    await invitee.page.goto(await mailedLink(email));
    await invitee.page.locator('[data-testid=invitation][data-state=pending]').waitFor({ timeout: 20_000 });
    await invitee.page.getByTestId('invitation-sign-up').click();
    const signUp = invitee.page.locator('#sign-up');
    await signUp.waitFor();
    await expect.poll(() => signUp.locator('input[type=email]').inputValue()).toBe(email);
    await signUp.locator('input[autocomplete=new-password]').fill(PASSWORD);
    await signUp.locator('button[type=submit]').click();
    // The profile step can wait; the dashboard brings them back to the invitation.
    await invitee.page.locator('#create-profile button:not([type=submit])').last().click();
    await invitee.page.getByTestId('accept-invitation').click();
    await invitee.page.waitForURL('**/orders');
    await invitee.page.locator('[data-testid=orders-live][data-status=live]').waitFor({ timeout: 20_000 });
    await invitee.page.locator('[data-testid=truck-role][data-role=staff]').first().waitFor();
    await expect.poll(() => invitee.page.getByTestId('truck-role').first().textContent()).toBe(t.switcherRole.staff);

    // They take an order, and the panel names them.
    const customer = `Team ${lang} ${Date.now()}`;
    const placed = await api<{ id: string }>(`/public/trucks/${DEMO_TRUCK.slug}/orders`, {
      method: 'POST',
      body: { lines: [{ itemId, qty: 1 }], customer: { name: customer, phone: '+96555512345' }, type: 'pickup', paymentMethod: 'cash' },
    });
    expect(placed.status).toBe(201);
    const card = invitee.page.locator('.td-order-card').filter({ hasText: customer });
    await card.waitFor({ timeout: 10_000 });
    await card.click();
    const fifteen = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-arab' : 'en').format(15);
    await invitee.page.getByTestId('order-panel').getByRole('button', { name: o.actions.acceptIn_other.replace('{{count}}', fifteen), exact: true }).click();
    await invitee.page.locator('[data-testid=order-status]', { hasText: o.status.accepted }).waitFor();
    // The invitee skipped the profile step: they go by the name the invitation gave them, not their address.
    await invitee.page.locator('.td-order-history').getByText(fill(lang, o.panel.by, { name: 'Noura' })).waitFor();

    // No menu editing, no owner screens.
    await invitee.page.goto('/menu');
    await invitee.page.getByTestId('menu-search').waitFor({ timeout: 20_000 });
    await expect.poll(() => invitee.page.getByTestId('add-item').count()).toBe(0);
    await expect.poll(() => invitee.page.locator('.td-dashboard a[href="/delivery-zones"]').count()).toBe(0);
    await invitee.page.goto('/truck-info');
    await invitee.page.getByTestId('no-access').waitFor({ timeout: 20_000 });
    await invitee.page.goto('/orders');
    await invitee.page.locator('[data-testid=orders-live][data-status=live]').waitFor({ timeout: 20_000 });

    // The vendor removes them.
    const member = owner.page.getByTestId(`member-${email}`);
    await owner.page.reload();
    await member.waitFor({ timeout: 20_000 });
    // The team as the guide shows it: the new member among the others (after the reload, no message left to fade).
    await member.scrollIntoViewIfNeeded();
    await guideScreenshot(owner.page, 'team', lang);
    await member.getByTestId('remove-member').click();
    await owner.page.getByTestId('confirm-remove').click();
    await expect.poll(() => member.count()).toBe(0);

    // Their open dashboard hears it at once (its live stream is closed), says why, and leaves the truck.
    await invitee.page.getByText(t.truckGone).waitFor({ timeout: 20_000 });
    await expect.poll(() => invitee.page.locator('[data-testid=truck-role][data-role=staff]').count()).toBe(0);
    // Their very next action is refused.
    const token = await invitee.page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('Token'));
    const refused = await api<{ error: { code: string } }>(`/trucks/${DEMO_TRUCK.id}/orders/${placed.body.id}/actions`, {
      method: 'POST',
      token: token!,
      body: { action: 'start_preparing', version: 1 },
    });
    expect([refused.status, refused.body.error.code]).toEqual([404, 'truck_not_found']);

    // The duplicate invitation's 409 is the only failure the vendor's page met.
    expect(owner.problems.filter((p) => !p.includes('/team/invitations') && !p.includes('status of 409'))).toEqual([]);
    // The refusals after the removal are the only failures the invitee's page met (a stream ticket
    // asked for while the test navigates away is cut off by the browser, not refused).
    expect(invitee.problems.filter((p) => !p.includes('/events/ticket net::ERR_ABORTED') && !/HTTP (403|404): .*\/trucks\//.test(p) && !p.includes('status of 404') && !p.includes('status of 403'))).toEqual([]);
    await owner.context.close();
    await invitee.context.close();
  });
});
