/**
 * The JavaScript a browser really loads, weighed as the server sends it with brotli: the entry page
 * within 160 KiB, a dashboard screen with its shell within 350 KiB (the build's weight budget
 * checks the same from the bundle graph; this checks it on the wire, start-up imports included).
 */
import { request as httpRequest } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { ARABIC, gotoScreen, openWithStorage } from './support/shell';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Bytes on the wire for a URL requested with brotli accepted (node:http does not decode). */
function servedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('end', () => resolve(size));
    });
    req.on('error', reject);
    req.end();
  });
}

async function scriptsLoadedBy(path: string, storage: Record<string, string>): Promise<string[]> {
  const { page, context } = await openPage(browser, server.url);
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  if (Object.keys(storage).length > 0) await openWithStorage(page, path, storage);
  else await gotoScreen(page, path);
  await context.close();
  return [...scripts];
}

async function weightKiB(path: string, storage: Record<string, string>): Promise<number> {
  const scripts = await scriptsLoadedBy(path, storage);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => !url.startsWith(server.url))).toEqual([]);
  const sizes = await Promise.all(scripts.map(servedBytes));
  return sizes.reduce((a, b) => a + b, 0) / 1024;
}

describe('JavaScript weight, as served', () => {
  it.each([
    ['English', {}],
    ['Arabic', ARABIC],
  ])('keeps the entry page within 160 KiB (%s)', async (_name, storage) => {
    const kib = await weightKiB('/', storage);
    console.info(`/ (${_name}): ${kib.toFixed(1)} KiB of JavaScript`);
    expect(kib).toBeLessThanOrEqual(160);
  });

  it.each([
    ['English', {}],
    ['Arabic', ARABIC],
  ])('keeps a dashboard screen with its shell within 350 KiB (%s)', async (_name, storage) => {
    const kib = await weightKiB('/home', storage);
    console.info(`/home (${_name}): ${kib.toFixed(1)} KiB of JavaScript`);
    expect(kib).toBeLessThanOrEqual(350);
  });

  it('does not load the dashboard shell on the entry page', async () => {
    const scripts = await scriptsLoadedBy('/', {});
    expect(scripts.filter((url) => /dashboard-layout|settings-drawer/.test(url))).toEqual([]);
  });
});
