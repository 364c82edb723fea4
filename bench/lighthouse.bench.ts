/**
 * Lighthouse (mobile, its default: a mid-range phone on slow 4G) against the built server: prints the
 * performance score, Largest Contentful Paint and the JavaScript transferred for the entry page and
 * a dashboard screen. Target: 90 or more on `/`. It prints; it is not a test.
 *
 *   npm run build && node --import tsx bench/lighthouse.bench.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';

const PATHS = ['/', '/home'];
const TARGET_SCORE = 90;

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
try {
  const rows: string[] = [];
  for (const path of PATHS) {
    const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
    const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
    const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
    const summary = (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? [];
    const script = summary.find((item) => item.resourceType === 'script');
    const verdict = path === '/' ? (score >= TARGET_SCORE ? `  (target ${TARGET_SCORE}: met)` : `  (target ${TARGET_SCORE}: MISSED)`) : '';
    rows.push(
      `${path.padEnd(6)} score ${String(score).padStart(3)}  LCP ${(lcp / 1000).toFixed(2)} s  FCP ${(fcp / 1000).toFixed(2)} s  TBT ${Math.round(tbt)} ms  ` +
        `JS ${((script?.transferSize ?? 0) / 1024).toFixed(1)} KiB in ${script?.requestCount ?? 0} files${verdict}`,
    );
  }
  console.log(`Lighthouse mobile, performance (Chromium ${await chromeVersion()}):\n${rows.join('\n')}`);
} finally {
  await chrome.kill();
  await server.stop();
}

async function chromeVersion(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
  const body = (await res.json()) as { Browser?: string };
  return body.Browser ?? 'unknown';
}
