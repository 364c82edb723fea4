/**
 * The browser journeys wait for the state they expect. A page read once (`expect(await
 * locator.isVisible())`) or a fixed pause passes on an idle machine and fails on a busy one, so
 * neither may appear in a journey: use `await locator.waitFor()` or `await expect.poll(() => …)`,
 * and `gotoScreen`/`reloadScreen`/`waitForScreen`/`waitForAnimations` from support/shell.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve('tests/e2e');

const READS = 'isVisible|isHidden|isEnabled|isDisabled|isChecked|isEditable|textContent|innerText|innerHTML|inputValue|getAttribute|count|allTextContents|allInnerTexts|title|boundingBox';

const RULES: [RegExp, string][] = [
  [new RegExp(`expect\\(\\(?await [^;]*?\\.(${READS})\\(`), 'a page read once inside expect(): poll it (expect.poll) or wait for it (locator.waitFor)'],
  [/\.waitForTimeout\(/, 'a fixed pause: wait for the state instead'],
  [/waitFor\(\{[^}]*timeout: *[0-9_]{1,5}\b/, 'a short waitFor timeout: a busy machine needs the default'],
];

export function findings(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    for (const [pattern, why] of RULES) if (pattern.test(line)) found.push(`${i + 1}: ${why}: ${line.trim()}`);
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('browser journeys wait for what they expect', () => {
  it('finds the patterns it forbids', () => {
    expect(findings("expect(await page.getByRole('button').isVisible()).toBe(true);")).toHaveLength(1);
    expect(findings("expect((await sidebar.boundingBox())!.width).toBe(250);")).toHaveLength(1);
    expect(findings('await page.waitForTimeout(400);')).toHaveLength(1);
    expect(findings("await bar.waitFor({ state: 'visible', timeout: 1000 });")).toHaveLength(1);
    expect(findings("await expect.poll(() => page.getByRole('button').isVisible()).toBe(true);")).toEqual([]);
    expect(findings("await page.getByRole('button').waitFor();")).toEqual([]);
  });

  it.each(sources(DIR).map((file) => [path.relative(DIR, file), file]))('%s', (_name, file) => {
    expect(findings(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
