/**
 * Screenshots for the user guide (docs/user-guide.md and docs/user-guide.ar.md), taken by the
 * journeys as they pass each screen: docs/screenshots/guide-<screen>-<lang>.png. The `guide-`
 * prefix keeps them apart from the other screenshots in that folder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitForAnimations } from './shell';

const DIR = path.resolve('docs/screenshots');

/** The toasts: left out of every guide shot, so a shot right after a save need not wait 5 s for its message to fade. */
const TOASTS = '.Toastify';

export async function guideScreenshot(page: Page, screen: string, lang: 'en' | 'ar'): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  await waitForAnimations(page, { except: TOASTS });
  await page.screenshot({
    path: path.join(DIR, `guide-${screen}-${lang}.png`),
    animations: 'disabled',
    caret: 'hide',
    style: `${TOASTS} { display: none !important; }`,
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/**
 * axe-core's serious and critical violations, and any repeated id whatever axe rates it: a repeated
 * id breaks which label belongs to which field. Needs a page opened with `bypassCSP`.
 */
export async function axeProblems(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode().options({ rules: { 'duplicate-id': { enabled: true }, 'duplicate-id-aria': { enabled: true } } }).analyze();
  const ids = await page.evaluate(() =>
    Array.from((globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ id: string }> } }).document.querySelectorAll('[id]'), (el) => el.id),
  );
  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const repeated = [...seen].filter(([, n]) => n > 1).map(([id]) => `#${id}`);
  return [
    ...result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('duplicate-id'))
      .map((v) => ({ id: v.id, impact: v.impact ?? null, nodes: v.nodes.map((n) => n.target.join(' ')) })),
    ...(repeated.length > 0 ? [{ id: 'repeated-id', impact: 'serious', nodes: repeated }] : []),
  ];
}
