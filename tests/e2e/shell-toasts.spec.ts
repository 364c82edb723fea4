/**
 * Toasts in Chromium (seed §8): they close after 5000 ms, pause while hovered and while the window
 * has lost focus, and can be dragged away. The share button's "link copied" toast is the example.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { gotoScreen } from './support/shell';

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

async function showToast({ settled = true } = {}): Promise<{ page: Page; close: () => Promise<void>; shownAt: number }> {
  const { page, context } = await openPage(browser, server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
  await gotoScreen(page, '/home');
  await page.getByRole('button', { name: 'Display settings' }).click();
  await page.getByRole('button', { name: "Share your truck's page" }).click();
  await page.locator('.Toastify__toast').waitFor({ state: 'visible' });
  const shownAt = Date.now();
  // Out of the way: close the drawer and park the pointer away from the toast.
  await page.keyboard.press('Escape');
  await page.mouse.move(400, 600);
  // The timer starts once the toast has finished sliding in; events before that are not ours to test.
  if (settled) await page.locator('.Toastify__toast:not(.Toastify--animate)').waitFor({ timeout: 4000 });
  return { page, close: () => context.close(), shownAt };
}

const toast = (page: Page) => page.locator('.Toastify__toast');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fireOnWindow = (page: Page, type: 'blur' | 'focus') =>
  page.evaluate((name) => {
    const win = globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (n: string) => unknown };
    win.dispatchEvent(new win.Event(name));
  }, type);

describe('toasts', () => {
  it('close after 5000 ms', async () => {
    const { page, close, shownAt } = await showToast();
    await sleep(4000 - (Date.now() - shownAt));
    expect(await toast(page).isVisible()).toBe(true);
    await toast(page).waitFor({ state: 'detached', timeout: 4000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(7000);
    await close();
  });

  it('pause while hovered', async () => {
    const { page, close } = await showToast();
    await toast(page).hover();
    await sleep(7000);
    expect(await toast(page).isVisible()).toBe(true);
    await page.mouse.move(400, 600);
    await toast(page).waitFor({ state: 'detached', timeout: 7000 });
    await close();
  });

  it('pause while the window has lost focus', async () => {
    const { page, close } = await showToast();
    await fireOnWindow(page, 'blur');
    await sleep(7000);
    expect(await toast(page).isVisible()).toBe(true);
    await fireOnWindow(page, 'focus');
    await toast(page).waitFor({ state: 'detached', timeout: 7000 });
    await close();
  });

  it('are dismissed by dragging', async () => {
    // Only where the toast is matters here, not its timer: wait for it to stop moving.
    const { page, close, shownAt } = await showToast({ settled: false });
    let box = (await toast(page).boundingBox())!;
    for (;;) {
      await sleep(100);
      const next = (await toast(page).boundingBox())!;
      if (next.x === box.x && next.y === box.y) break;
      box = next;
    }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + box.width, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    await toast(page).waitFor({ state: 'detached', timeout: 2000 });
    expect(Date.now() - shownAt).toBeLessThan(4000);
    await close();
  });
});
