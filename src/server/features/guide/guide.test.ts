/**
 * The user guide served by the app: both languages rendered from docs/, links between the two
 * guides kept inside the app, the English guide standing in until the Arabic one exists, and the
 * screenshots it shows.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../testing/test-app';
import { renderGuide } from './guide.page';

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
