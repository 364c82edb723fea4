/**
 * The user guide served by the app: both languages rendered from docs/, links between the two
 * guides kept inside the app, the English guide standing in when the Arabic one is missing, and the
 * screenshots it shows. The project's own guides: the Arabic one is served as Arabic, follows the
 * English one section for section with the Arabic screenshots, and uses the glossary's words.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forbiddenWords } from '@domain/i18n/glossary';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../testing/test-app';
import { projectRoot } from '../../db/paths';
import { GUIDE_FILES, renderGuide, SCREENSHOTS_DIR } from './guide.page';

const DOCS = path.join(projectRoot, 'docs');
const readDoc = (file: string) => readFileSync(path.join(DOCS, file), 'utf8');
/** The guide's own text: code spans and blocks (commands, addresses, typed examples) left out. */
const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
const headings = (markdown: string, level: number) => markdown.split('\n').filter((line) => line.startsWith(`${'#'.repeat(level)} `));
const screenshots = (markdown: string) => [...markdown.matchAll(/!\[[^\]]*\]\(screenshots\/([^)\s]+)\)/g)].map((m) => m[1]!);
const mainOf = (html: string) => /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';

describe('renderGuide', () => {
  const docs = mkdtempSync(path.join(tmpdir(), 'td-guide-'));
  writeFileSync(path.join(docs, 'user-guide.md'), '# Guide\n\nSee [Arabic](user-guide.ar.md#menu) and ![menu](screenshots/menu-en-390.png).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');

  it('renders the English guide as a page, links to the Arabic guide inside the app', () => {
    const page = renderGuide('en', docs)!;
    expect(page.lang).toBe('en');
    expect(page.html).toContain('<html lang="en" dir="ltr">');
    expect(page.html).toContain('<h1>Guide</h1>');
    expect(page.html).toContain('href="/guide/ar#menu"');
    expect(page.html).toContain('src="screenshots/menu-en-390.png"');
    expect(page.html).toContain('<table>');
  });

  it('shows the English guide for Arabic until the Arabic guide exists, then the Arabic one, right to left', () => {
    expect(renderGuide('ar', docs)!.lang).toBe('en');
    writeFileSync(path.join(docs, 'user-guide.ar.md'), '# الدليل\n\n[English](user-guide.md)\n');
    const page = renderGuide('ar', docs)!;
    expect(page.lang).toBe('ar');
    expect(page.html).toContain('<html lang="ar" dir="rtl">');
    expect(page.html).toContain('<h1>الدليل</h1>');
    expect(page.html).toContain('href="/guide/en"');
  });

  it('is null when there is no guide at all', () => {
    expect(renderGuide('en', mkdtempSync(path.join(tmpdir(), 'td-guide-')))).toBeNull();
  });
});

describe('GET /guide', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await createTestApp());
  });

  it("serves the project's user guide as HTML in both languages", async () => {
    for (const lang of ['en', 'ar']) {
      const res = await app.inject({ method: 'GET', url: `/guide/${lang}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toMatch(/<h1[^>]*>/);
    }
    expect((await app.inject({ method: 'GET', url: '/guide/en' })).body).toContain('TruckDesk user guide');
  });

  it('sends /guide to the English guide, and answers an unknown language or screenshot with a clear error', async () => {
    const root = await app.inject({ method: 'GET', url: '/guide' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/guide/en');
    expect((await app.inject({ method: 'GET', url: '/guide/fr' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/guide/screenshots/none.png' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/guide/screenshots/..%2Fuser-guide.md' })).statusCode).toBe(400);
  });
});

describe("the project's user guide in Arabic", () => {
  const english = readDoc(GUIDE_FILES.en);
  const arabic = readDoc(GUIDE_FILES.ar);
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await createTestApp());
  });

  it('is docs/user-guide.ar.md, served at /guide/ar in Arabic, right to left, linking to the English guide and back', async () => {
    const res = await app.inject({ method: 'GET', url: '/guide/ar' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    const title = headings(arabic, 1)[0]!.slice(2);
    expect(title).toBe('دليل استخدام TruckDesk');
    expect(mainOf(res.body)).toContain(`<h1>${title}</h1>`);
    expect(mainOf(res.body)).toContain('href="/guide/en"');
    expect(mainOf((await app.inject({ method: 'GET', url: '/guide/en' })).body)).toContain('href="/guide/ar"');
  });

  it('has a section for every section of the English guide', () => {
    expect(headings(english, 2).length).toBeGreaterThan(10);
    expect(headings(arabic, 2)).toHaveLength(headings(english, 2).length);
    expect(headings(arabic, 3)).toHaveLength(headings(english, 3).length);
    // Translated, not copied: no section keeps its English title.
    expect(headings(arabic, 2).filter((heading) => headings(english, 2).includes(heading))).toEqual([]);
  });

  it("shows the Arabic screenshot wherever the English guide shows one, and each is there to serve", async () => {
    const shown = screenshots(arabic);
    expect(shown).toEqual(screenshots(english).map((file) => file.replace(/-en\.png$/, '-ar.png')));
    for (const file of shown) {
      expect(existsSync(path.join(SCREENSHOTS_DIR, file)), file).toBe(true);
      const res = await app.inject({ method: 'GET', url: `/guide/screenshots/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
  });

  it("uses none of the glossary's words to avoid (docs/glossary.md)", () => {
    const words = forbiddenWords(readDoc('glossary.md'));
    expect(words).toEqual(expect.arrayContaining(['تراك ديسك', 'شاحنة', 'الزبون']));
    expect(words.filter((word) => arabic.includes(word))).toEqual([]);
  });

  it('writes numbers in its prose in Arabic-Indic digits, as the Arabic interface does', () => {
    // Left in Latin digits, as docs/glossary.md allows: code (typed examples, addresses), list
    // numbering, and version numbers that are part of a product's name.
    const latin = prose(arabic)
      .split('\n')
      .map((line) => line.replace(/^\s*\d+\.\s/, '').replace(/Safari \d+(\.\d+)?/g, '').replace(/\bA5\b/g, '').replace(/\]\([^)]*\)/g, ']'))
      .filter((line) => /[0-9]/.test(line));
    expect(latin).toEqual([]);
  });
});
