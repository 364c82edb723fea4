/** The built server on a fresh data folder serves the app: `/` loads with no console error or failed request. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { gotoScreen } from './support/shell';
import { startServer, type RunningServer } from './support/server';

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

describe('smoke', () => {
  it('serves / with no console error or failed request', async () => {
    const { page, problems, context } = await openPage(browser, server.url);
    await gotoScreen(page, '/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports health with the database kind', async () => {
    const res = await fetch(`${server.url}/api/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; database: { kind: string } };
    expect(body.status).toBe('ok');
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'external' : 'embedded');
  });
});
