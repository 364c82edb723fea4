/**
 * The user guides' screenshots are taken by the browser journeys (support/guide.ts), not by hand:
 * every docs/screenshots/guide-<screen>-<lang>.png that docs/user-guide.md or docs/user-guide.ar.md
 * shows must have a journey that takes it (a `guideScreenshot(page, '<screen>', lang)` call in
 * tests/e2e/*.spec.ts) and must be on disk; and a guide-*.png that neither guide shows is a leftover.
 * A call whose screen is not a plain string cannot be checked, so it is refused too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = path.resolve('tests/e2e');
const DOCS = path.resolve('docs');
const SHOTS = path.join(DOCS, 'screenshots');
const GUIDES = ['user-guide.md', 'user-guide.ar.md'];
const LANGS = ['en', 'ar'] as const;

/** The guide-*.png files a guide shows, in order. */
export function referenced(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\(screenshots\/(guide-[^)\s]+\.png)\)/g)].map((m) => m[1]!);
}

/**
 * The files the guideScreenshot calls in a journey take: a literal 'en' or 'ar' takes that language,
 * anything else (the journey's `lang`) both. `unreadable` lists calls whose screen is not a plain string.
 */
export function produced(source: string): { files: string[]; unreadable: string[] } {
  const files: string[] = [];
  const unreadable: string[] = [];
  for (const call of source.matchAll(/guideScreenshot\(([^)]*)\)/g)) {
    if (/^\s*page\s*:/.test(call[1]!)) continue; // the declaration itself
    const args = /^\s*[\w.]+\s*,\s*(['"])([\w-]+)\1\s*,\s*(.+?)\s*,?\s*$/.exec(call[1]!);
    if (!args) {
      unreadable.push(call[0]);
      continue;
    }
    const lang = /^(['"])(en|ar)\1$/.exec(args[3]!)?.[2];
    for (const one of lang ? [lang] : LANGS) files.push(`guide-${args[2]}-${one}.png`);
  }
  return { files, unreadable };
}

const journeys = readdirSync(E2E)
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => ({ file, ...produced(readFileSync(path.join(E2E, file), 'utf8')) }));
const taken = new Set(journeys.flatMap((journey) => journey.files));

describe('reading the guides and the journeys', () => {
  it('finds the screenshots a guide shows, and only the guide-* ones', () => {
    expect(referenced('![Menu](screenshots/guide-menu-en.png)\n![Old](screenshots/menu-en-390.png)\n![ق](screenshots/guide-menu-ar.png)')).toEqual([
      'guide-menu-en.png',
      'guide-menu-ar.png',
    ]);
  });

  it('finds the screenshots a journey takes, in both languages unless one is named', () => {
    expect(produced("await guideScreenshot(page, 'orders', lang);\nawait guideScreenshot(reviewer.page, \"admin-reviews\", 'ar');").files).toEqual([
      'guide-orders-en.png',
      'guide-orders-ar.png',
      'guide-admin-reviews-ar.png',
    ]);
    expect(produced('await guideScreenshot(\n  owner.page,\n  \'team\',\n  lang,\n);').files).toEqual(['guide-team-en.png', 'guide-team-ar.png']);
    expect(produced('export async function guideScreenshot(page: Page, screen: string, lang: Lang)').files).toEqual([]);
    expect(produced('await guideScreenshot(page, `truck-${step}`, lang);')).toEqual({ files: [], unreadable: ['guideScreenshot(page, `truck-${step}`, lang)'] });
  });
});

describe('the user guides show screenshots the journeys take', () => {
  it('names every guide screenshot a journey takes as a plain string', () => {
    expect(journeys.filter((journey) => journey.unreadable.length > 0).map(({ file, unreadable }) => ({ file, unreadable }))).toEqual([]);
  });

  it.each(GUIDES)('%s: each screenshot it shows is taken by a journey and is on disk', (guide) => {
    const shown = referenced(readFileSync(path.join(DOCS, guide), 'utf8'));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((file) => !taken.has(file)).map((file) => `${file}: no journey calls guideScreenshot for it`)).toEqual([]);
    expect(shown.filter((file) => !existsSync(path.join(SHOTS, file))).map((file) => `${file}: missing, run the journey that takes it`)).toEqual([]);
  });

  it('keeps no guide screenshot that neither guide shows', () => {
    const shown = new Set(GUIDES.flatMap((guide) => referenced(readFileSync(path.join(DOCS, guide), 'utf8'))));
    const onDisk = existsSync(SHOTS) ? readdirSync(SHOTS).filter((file) => /^guide-.*\.png$/.test(file)) : [];
    expect(onDisk.filter((file) => !shown.has(file))).toEqual([]);
  });
});
