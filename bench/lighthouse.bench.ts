/**
 * Lighthouse (mobile, its default: a mid-range phone on slow 4G) against the built server: prints the
 * performance score, Largest Contentful Paint and the JavaScript transferred for the entry page, the
 * customer's truck page (the demo truck's) and the back-office screens a vendor keeps open, signed in
 * as the demo vendor (the session is put in the browser's local storage, which Lighthouse keeps; it
 * still empties the HTTP cache before each page, so every screen is a first visit). Targets: 90 or
 * more on `/`, 95 or more on the truck page, which customers open on a phone in front of the truck,
 * 85 or more on the back-office screens (decision 015). It prints; it is not a test.
 *
 * The app is measured as production serves it: behind nginx with deploy/nginx.conf, over HTTPS with
 * HTTP/2 (a self-signed certificate, which this Chromium is told to accept). Browsers install the
 * app only over HTTPS, and only over HTTPS do they ask for brotli. LIGHTHOUSE_FRONT=direct measures the
 * Node server itself instead, over plain HTTP/1.1, as the figures before session 22 were taken.
 *
 *   npm run build && node --import tsx bench/lighthouse.bench.ts
 *
 * Each page is measured three times and the run with the median score is printed, with all three
 * scores: one run of the same page moves by up to ±8 points on a shared machine, and issue #16 states
 * its figures as medians of three (LIGHTHOUSE_RUNS=1 for a quick look, 5 for a steadier one).
 *
 * LIGHTHOUSE_PATHS=/home,/orders measures only those; LIGHTHOUSE_REPORTS=<dir> writes each page's full
 * report of its median run there (`<path>.json`), for the long tasks and the script behind them.
 *
 * Comparing builds: LIGHTHOUSE_VARIANTS=today=/tmp/a,without-x=/tmp/b serves each folder (a `dist/web`
 * built another way) from its own server behind its own nginx and measures them in alternation: every
 * round takes each page once on each variant (their order turned round by round) so that the machine's
 * drift falls on all of them alike. LIGHTHOUSE_PEER=<url> adds another site's page (a peer's dashboard,
 * served by whatever the caller runs) to every round, measured by the same browser in the same run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { DEMO_TRUCK } from '../tests/e2e/support/demo-truck';
import { signInDemoVendor, type DemoSession } from '../tests/e2e/support/demo-vendor';
import { startServer, type RunningServer } from '../tests/e2e/support/server';
import { findNginx, startNginx, type RunningNginx } from '../deploy/nginx';

const ONLY = process.env.LIGHTHOUSE_PATHS?.split(',').filter(Boolean);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const PEER = process.env.LIGHTHOUSE_PEER;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number of runs, 1 or more (not ${process.env.LIGHTHOUSE_RUNS})`);
const VARIANTS = (process.env.LIGHTHOUSE_VARIANTS ?? 'build=').split(',').map((pair) => {
  const [name = '', webDist = ''] = pair.split('=');
  return { name, webDist };
});
const picked = (path: string) => !ONLY || ONLY.includes(path);
const PUBLIC_PATHS = ['/', '/t/saj-station'].filter(picked);
const SIGNED_IN_PATHS = ['/home', '/orders', '/menu', '/delivery-zones', '/booking-details'].filter(picked);
const TARGETS: Record<string, number> = { '/': 90, '/t/saj-station': 95, ...Object.fromEntries(SIGNED_IN_PATHS.map((path) => [path, 85])) };

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

interface Site {
  name: string;
  origin: string;
  server: RunningServer;
  front?: RunningNginx;
  folder?: string;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const direct = process.env.LIGHTHOUSE_FRONT === 'direct';
const nginx = direct ? undefined : findNginx();
if (!direct && !nginx) throw new Error('bench:lighthouse serves the app through nginx: apt-get install -y nginx (or LIGHTHOUSE_FRONT=direct)');
const sites: Site[] = [];
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...(direct ? [] : ['--ignore-certificate-errors']), ...CHROMIUM_ARGS] });
try {
  for (const { name, webDist } of VARIANTS) {
    // The demo accounts (their sign-in printed at info level) live on a fresh embedded database.
    const server = await startServer({ LOG_LEVEL: 'info', ...(webDist ? { WEB_DIST: webDist } : {}) }, { embedded: true });
    const folder = nginx ? mkdtempSync(join(tmpdir(), 'td-lighthouse-nginx-')) : undefined;
    const front = nginx && folder ? await startNginx(nginx, folder, [Number(new URL(server.url).port)]) : undefined;
    sites.push({ name, origin: front?.https ?? server.url, server, front, folder });
  }
  const runs = new Map<string, Result[]>();
  const keep = (key: string, lhr: Result) => runs.set(key, [...(runs.get(key) ?? []), lhr]);
  const sessions = new Map<Site, DemoSession>();
  for (const site of sites) if (SIGNED_IN_PATHS.length > 0) sessions.set(site, await signInDemoVendor(site.server));
  for (let round = 0; round < RUNS; round++) {
    const order = sites.map((_, i) => sites[(i + round) % sites.length]!);
    // The public pages signed out (`/` sends a session on to /home), then the back office signed in.
    for (const site of sites) await signIn(site.origin, undefined);
    for (const path of PUBLIC_PATHS) for (const site of order) keep(`${site.name}\t${path}`, await lighthouseRun(`${site.origin}${path}`, path));
    for (const site of sites) if (sessions.has(site)) await signIn(site.origin, sessions.get(site));
    for (const path of SIGNED_IN_PATHS) for (const site of order) keep(`${site.name}\t${path}`, await lighthouseRun(`${site.origin}${path}`, path));
    if (PEER) keep(`peer\t${new URL(PEER).pathname}`, await lighthouseRun(PEER, new URL(PEER).pathname));
    // Each round's scores as it ends: a long comparison that stops half-way has still said something.
    console.error(`round ${round + 1}: ${[...runs].map(([key, results]) => `${key.replace('\t', ' ')} ${scoreOf(results.at(-1)!)}`).join(', ')}`);
  }
  const rows = [...runs].map(([key, results]) => summary(key, results));
  const served = direct ? 'the Node server directly, plain HTTP/1.1' : 'through nginx, HTTPS with HTTP/2';
  console.log(`Lighthouse mobile, performance (Chromium ${await chromeVersion()}; ${served}):\n${rows.join('\n')}`);
} finally {
  await chrome.kill();
  for (const site of sites) {
    site.front?.stop();
    await site.server.stop();
    if (site.folder) rmSync(site.folder, { recursive: true, force: true });
  }
}

/** Stores the demo vendor's session in the browser's local storage for `origin`, as the app does on sign-in (none: signed out). */
async function signIn(origin: string, session: DemoSession | undefined): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A blank page of the app's origin: nothing of the app is loaded (or cached) by signing in.
    await page.route('**/__sign-in', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sign-in</title>' }));
    await page.goto(`${origin}/__sign-in`);
    await page.evaluate(
      ({ session, truckId }) => {
        const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void; clear(): void } };
        localStorage.clear();
        if (!session) return;
        localStorage.setItem('Token', session.token);
        localStorage.setItem('userModel', JSON.stringify({ isLogin: true }));
        localStorage.setItem('user_details', JSON.stringify(session.user));
        localStorage.setItem('access_list_data', JSON.stringify(session.accessList));
        localStorage.setItem('role', JSON.stringify(session.user.roles));
        localStorage.setItem('current_truck', truckId);
      },
      { session, truckId: DEMO_TRUCK.id },
    );
    await page.close();
  } finally {
    // Disconnects; the browser itself stays up for Lighthouse.
    await browser.close();
  }
}

/**
 * One Lighthouse run of `url`, which must stay on `path` (a screen that sent the browser elsewhere,
 * signed out, would be scored as the wrong page); a run Lighthouse itself could not complete
 * (NO_NAVSTART, NO_FCP…) is run again, twice at most.
 */
async function lighthouseRun(url: string, path: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError ?? (result.lhr.categories.performance?.score == null ? { code: 'NO_SCORE', message: 'no performance score' } : undefined);
    if (!error) {
      const shown = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (shown !== path) throw new Error(`Lighthouse: ${url} showed ${shown}`);
      return result.lhr;
    }
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url}: ${error.code} ${error.message}`);
    console.warn(`Lighthouse could not measure ${url} (${error.code}); running it again`);
  }
}

function scoreOf(lhr: Result): number {
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}

/** The run with the median score of a site's page, with all its runs' scores. */
function summary(key: string, results: Result[]): string {
  const [name, path] = key.split('\t') as [string, string];
  const byScore = [...results].sort((a, b) => scoreOf(a) - scoreOf(b));
  const lhr = byScore[Math.floor((byScore.length - 1) / 2)]!;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${name}${path.replaceAll('/', '_')}.json`), JSON.stringify(lhr));
  }
  const score = scoreOf(lhr);
  const spread = results.length > 1 ? ` (median of ${results.length}: ${byScore.map(scoreOf).join(', ')})` : '';
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? [];
  const script = items.find((item) => item.resourceType === 'script');
  const all = items.find((item) => item.resourceType === 'total');
  const target = name === 'peer' ? undefined : TARGETS[path];
  const verdict = target === undefined ? '' : score >= target ? `  (target ${target}: met)` : `  (target ${target}: MISSED)`;
  const site = sites.length > 1 || name === 'peer' ? `${name.padEnd(12)} ` : '';
  return (
    `${site}${path.padEnd(16)} score ${String(score).padStart(3)}${spread}  LCP ${(lcp / 1000).toFixed(2)} s  FCP ${(fcp / 1000).toFixed(2)} s  TBT ${Math.round(tbt)} ms  ` +
    `JS ${((script?.transferSize ?? 0) / 1024).toFixed(1)} KiB in ${script?.requestCount ?? 0} files, ${all?.requestCount ?? 0} requests${verdict}`
  );
}

async function chromeVersion(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
  const body = (await res.json()) as { Browser?: string };
  return body.Browser ?? 'unknown';
}
