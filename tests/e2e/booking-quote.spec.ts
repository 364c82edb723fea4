/**
 * Issue #49's quotes, on a 390 px phone, in English and Arabic: the vendor cannot quote a request
 * that overlaps a confirmed booking (no Quote button, a clear notice; a quote sent from a form opened
 * before the clash is refused with a clear message and changes nothing), a confirmed event weeks ahead
 * offers no "Mark completed", and a customer whose quote came to clash meanwhile is told the time is
 * taken, with nothing of the other customer's booking and no uncaught error in the page. The quote
 * page itself: opened from the mail's link in a fresh browser it is in the mail's language at once
 * (the link carries it), shows the truck as the truck page does (logo, name, colours, type), and says
 * what accepting means for the deposit and that it is arranged with the truck, not paid online.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../src/domain/i18n/fill';
import arBookings from '../../src/domain/i18n/ar/bookings.json';
import arErrors from '../../src/domain/i18n/ar/errors.json';
import enBookings from '../../src/domain/i18n/en/bookings.json';
import enErrors from '../../src/domain/i18n/en/errors.json';
import { launchBrowser, openPage } from './support/browser';
import { quoteLinkFor } from './support/demo-bookings';
import { callApi, DEMO_TRUCK } from './support/demo-truck';
import { seedSession, signInDemoVendor, type DemoSession } from './support/demo-vendor';
import { startServer, type RunningServer } from './support/server';
import { gotoScreen } from './support/shell';

const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  // The mail outbox is printed at info level: the customer's quote link is taken from there.
  server = await startServer({ LOG_LEVEL: 'info' }, { embedded: true });
  browser = await launchBrowser();
  session = await signInDemoVendor(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The truck's calendar date `days` from today (Kuwait). */
function kuwaitDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date(Date.now() + days * 86_400_000));
}

type Booking = { id: string; number: number; version: number; status: string };
let requests = 0;

/** A customer's request through the public API: early in the morning, far from the demo bookings. */
async function requestBooking(lang: 'en' | 'ar', eventDate: string, startTime: string, endTime: string) {
  requests += 1;
  const customer = { name: `Clash ${lang} ${requests}`, phone: '+96555512345', email: `clash-${lang}-${requests}-${Date.now()}@example.com` };
  const res = await fetch(`${server.url}/api/v1/public/trucks/${DEMO_TRUCK.slug}/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-${customer.email}` },
    body: JSON.stringify({
      customer,
      eventType: 'Breakfast',
      serviceModel: 'catering',
      eventDate,
      startTime,
      endTime,
      setupMinutes: 30,
      location: { address: 'Block 3, Sharq' },
      guestCount: 40,
      language: lang,
    }),
  });
  expect(res.status).toBe(201);
  return { ...((await res.json()) as Booking), customer };
}

async function act(booking: { id: string }, action: Record<string, unknown>) {
  const current = await callApi<Booking>(server, `/trucks/${DEMO_TRUCK.id}/bookings/${booking.id}`, { token: session.token });
  return callApi<Booking & { error?: { code: string } }>(server, `/trucks/${DEMO_TRUCK.id}/bookings/${booking.id}/actions`, {
    method: 'POST',
    token: session.token,
    body: { ...action, version: current.body.version },
  });
}

const QUOTE = { amountMinor: 250_000, depositMinor: 50_000, message: '', validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString() };
const quote = async (booking: { id: string }) => expect((await act(booking, { action: 'quote', quote: QUOTE })).status).toBe(200);
const confirm = async (booking: { id: string }) => expect((await act(booking, { action: 'confirm', depositReceived: true })).status).toBe(200);
const statusOf = async (booking: { id: string }) => (await callApi<Booking>(server, `/trucks/${DEMO_TRUCK.id}/bookings/${booking.id}`, { token: session.token })).body.status;

/** Uncaught errors in the page: the journey fails on any. */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** How a booking's number would be shown, in either digit system: «#15», «#١٥», «رقم ١٥», "no. 15". */
function numberMentions(n: number): string[] {
  const arabic = new Intl.NumberFormat('ar-u-nu-arab', { useGrouping: false }).format(n);
  return [`#${n}`, `#${arabic}`, `رقم ${arabic}`, `رقم ${n}`, `no. ${n}`];
}

/** Whether the page needs sideways scrolling. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth <= root.clientWidth;
  });

describe.each([
  { lang: 'en', t: enBookings, day: 62 },
  { lang: 'ar', t: arBookings, day: 63 },
] as const)('the quote page ($lang, 390 px)', ({ lang, t, day }) => {
  it("opens in the mail's language, as the truck's own page, and says what accepting means for the deposit", async () => {
    const booking = await requestBooking(lang, kuwaitDate(day), '07:30', '09:30');
    await quote(booking);
    const link = await quoteLinkFor(server, booking.customer.email);
    expect(link).toMatch(new RegExp(`\\?lang=${lang}$`));

    // The truck page as a customer sees it: its logo, its colours and its type.
    const { page, context, problems } = await openPage(browser, server.url, { viewport: PHONE });
    const pageErrors = watchPageErrors(page);
    await page.goto(`/t/${DEMO_TRUCK.slug}?lang=${lang}`);
    await page.locator('.sf-header h1').waitFor();
    const truckName = (await page.locator('.sf-header h1').textContent())!;
    const logo = await page.locator('.sf-header img.sf-logo').getAttribute('src');
    const truckFont = await page.evaluate(() => (globalThis as unknown as { getComputedStyle(e: unknown): { fontFamily: string }; document: { body: unknown } }).getComputedStyle((globalThis as unknown as { document: { body: unknown } }).document.body).fontFamily);

    // A fresh browser (nothing chosen): the link alone opens the page in the mail's language, with no reload.
    const customer = await openPage(browser, server.url, { viewport: PHONE });
    const customerErrors = watchPageErrors(customer.page);
    let loads = 0;
    customer.page.on('load', () => (loads += 1));
    await customer.page.goto(link);
    await customer.page.getByTestId('quote-page').waitFor();
    await expect.poll(() => customer.page.getAttribute('html', 'lang')).toBe(lang);
    await expect.poll(() => customer.page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const truck = customer.page.getByTestId('quote-truck');
    await expect.poll(() => truck.textContent()).toContain(truckName);
    await expect.poll(() => customer.page.getByTestId('quote-truck-logo').getAttribute('src')).toBe(logo);
    await expect.poll(() => customer.page.getByTestId('quote-truck-page').getAttribute('href')).toBe(`/t/${DEMO_TRUCK.slug}`);
    const style = (selector: string, property: 'fontFamily' | 'backgroundColor') =>
      customer.page.evaluate(
        ({ selector, property }) => {
          const g = globalThis as unknown as { document: { querySelector(s: string): unknown }; getComputedStyle(e: unknown): Record<string, string> };
          return g.getComputedStyle(g.document.querySelector(selector))[property];
        },
        { selector, property },
      );
    expect(await style('[data-testid=quote-page]', 'fontFamily')).toBe(truckFont);
    // The truck page's green (#2e7d32) on the accept button, not the back office's theme.
    expect(await style('[data-testid=quote-accept]', 'backgroundColor')).toBe('rgb(46, 125, 50)');

    // The deposit: its amount, that accepting makes it due, and that it is arranged with the truck.
    const deposit = (await customer.page.getByTestId('quote-deposit-shown').textContent())!;
    expect(deposit).toContain(new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-arab' : 'en', { minimumFractionDigits: 3 }).format(50));
    await expect.poll(() => customer.page.getByTestId('quote-deposit-note').textContent()).toBe(fill(lang, t.customer.depositOnAccept, { amount: deposit, truck: truckName }));
    expect(await fitsWidth(customer.page)).toBe(true);
    await customer.page.getByRole('button', { name: t.customer.accept, exact: true }).click();
    await customer.page.getByTestId('quote-confirmed').waitFor();
    await expect.poll(() => customer.page.getByTestId('quote-deposit-note').textContent()).toBe(fill(lang, t.customer.depositDue, { amount: deposit, truck: truckName }));
    expect(loads).toBe(1);

    expect([...pageErrors, ...customerErrors]).toEqual([]);
    expect([...problems, ...customer.problems]).toEqual([]);
    await customer.context.close();
    await context.close();
  });
});

describe.each([
  { lang: 'en', t: enBookings, errors: enErrors, day: 52 },
  { lang: 'ar', t: arBookings, errors: arErrors, day: 56 },
] as const)('the quote clash ($lang, 390 px)', ({ lang, t, errors, day }) => {
  it('stops the vendor at quoting a request that clashes with a confirmed booking, and offers no "Mark completed" before the event', async () => {
    // A confirmed 07:30–09:30 and a request for 08:00–10:00 the same morning.
    const date = kuwaitDate(day);
    const confirmed = await requestBooking(lang, date, '07:30', '09:30');
    await quote(confirmed);
    await confirm(confirmed);
    const clashing = await requestBooking(lang, date, '08:00', '10:00');

    const { page, context, problems } = await openPage(browser, server.url, { viewport: PHONE });
    const pageErrors = watchPageErrors(page);
    await seedSession(page, session, lang, DEMO_TRUCK.id);
    await gotoScreen(page, `/jobs/${clashing.number}`);
    const panel = page.getByTestId('booking-panel');
    await panel.waitFor();
    // The notice names the confirmed booking (the vendor's own) and says what to do; there is no Quote.
    const noticeStart = fill(lang, t.panel.clashNoQuote.split('({{when}})')[0]!, { number: confirmed.number });
    await expect.poll(() => panel.getByTestId('booking-clash').textContent()).toContain(noticeStart.trim());
    await expect.poll(() => panel.getByRole('button', { name: t.actions.quote, exact: true }).count()).toBe(0);
    await expect.poll(() => panel.getByRole('button', { name: t.actions.decline, exact: true }).count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);

    // The confirmed event is weeks ahead: it can be cancelled, not marked completed.
    await gotoScreen(page, `/jobs/${confirmed.number}`);
    await page.locator('[data-testid=booking-panel][data-status=confirmed]').waitFor();
    await expect.poll(() => page.getByTestId('booking-panel').getByRole('button', { name: t.actions.cancel, exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('booking-panel').getByRole('button', { name: t.actions.complete, exact: true }).count()).toBe(0);

    // A quote form opened before the clash: another request for that morning is confirmed meanwhile,
    // and sending the quote is refused with the reason, the request left as it was.
    const laterDate = kuwaitDate(day + 1);
    const open = await requestBooking(lang, laterDate, '08:00', '10:00');
    await gotoScreen(page, `/jobs/${open.number}`);
    await page.getByTestId('booking-panel').getByRole('button', { name: t.actions.quote, exact: true }).click();
    await page.getByTestId('quote-amount').fill('250');
    // The live stream would have the panel read the request again and close the form at once (it
    // does, below): held back until the vendor has pressed Send, as on a slow connection.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith(`/bookings/${open.id}`) || url.pathname.endsWith(`/bookings/by-number/${open.number}`),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    const taken = await requestBooking(lang, laterDate, '07:30', '09:30');
    await quote(taken);
    await confirm(taken);
    await page.getByRole('button', { name: t.quote.send, exact: true }).click();
    const refusal = fill(lang, errors.booking_clash, { number: taken.number });
    await expect.poll(() => page.locator('.Toastify__toast').allTextContents()).toContain(refusal);
    expect(await statusOf(open)).toBe('pending');
    release();
    // The panel now shows what is true: the clash, and no quote to send.
    await expect.poll(() => page.getByTestId('booking-clash').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: t.quote.send, exact: true }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);

    expect(pageErrors).toEqual([]);
    // The one failed answer: the refused quote.
    expect(problems.filter((problem) => !/409/.test(problem))).toEqual([]);
    await context.close();
  });

  it("tells the customer accepting a quote that came to clash that the time is taken, with nothing of the other booking and no page error", async () => {
    const date = kuwaitDate(day + 2);
    const first = await requestBooking(lang, date, '07:30', '09:30');
    const second = await requestBooking(lang, date, '08:00', '10:00');
    // Both quoted while neither is confirmed.
    await quote(first);
    await quote(second);
    const link = await quoteLinkFor(server, second.customer.email);

    const { page, context, problems } = await openPage(browser, server.url, { viewport: PHONE });
    const pageErrors = watchPageErrors(page);
    await page.goto(link);
    await page.getByTestId('quote-page').waitFor();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe(lang);
    const accept = page.getByRole('button', { name: t.customer.accept, exact: true });
    await accept.waitFor();

    // Meanwhile the truck confirms the other customer's booking over that morning.
    await confirm(first);
    await accept.click();
    const taken = fill(lang, errors.booking_time_taken);
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain(taken);
    const shown = (await page.getByTestId('quote-page').textContent()) ?? '';
    for (const other of [...numberMentions(first.number), first.customer.name, first.customer.email]) expect(shown).not.toContain(other);
    expect(await statusOf(second)).toBe('quoted');
    expect(await fitsWidth(page)).toBe(true);

    // Opened again later, the page says so at once and offers no Accept that cannot succeed.
    await page.reload();
    await page.getByTestId('quote-page').waitFor();
    await expect.poll(() => page.getByTestId('quote-time-taken').textContent()).toBe(taken);
    await expect.poll(() => accept.count()).toBe(0);
    const again = (await page.getByTestId('quote-page').textContent()) ?? '';
    for (const other of [...numberMentions(first.number), first.customer.name, first.customer.email]) expect(again).not.toContain(other);

    expect(pageErrors).toEqual([]);
    expect(problems.filter((problem) => !/409/.test(problem))).toEqual([]);
    await context.close();
  });
});
