/**
 * The user guide as a page of the app: docs/user-guide.md (English) and docs/user-guide.ar.md
 * (Arabic) rendered to HTML with marked, read again only when the file changes. Should the Arabic
 * guide be missing, /guide/ar shows the English one (marked as English, left to right). Links between
 * the two guides stay inside the app; images are the screenshots under docs/screenshots/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import type { Lang } from '@domain/errors';
import { projectRoot } from '../../db/paths';

export const GUIDE_FILES: Record<Lang, string> = { en: 'user-guide.md', ar: 'user-guide.ar.md' };
export const SCREENSHOTS_DIR = path.join(projectRoot, 'docs', 'screenshots');

const TITLES: Record<Lang, string> = { en: 'TruckDesk user guide', ar: 'دليل استخدام TruckDesk' };
const OTHER: Record<Lang, { href: string; label: string; lang: Lang }> = {
  en: { href: '/guide/ar', label: 'العربية', lang: 'ar' },
  ar: { href: '/guide/en', label: 'English', lang: 'en' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Links to the other guide file become the app's guide pages; everything else is left as written. */
function appHref(href: string): string {
  const [file, hash] = href.split('#');
  const lang = (Object.keys(GUIDE_FILES) as Lang[]).find((l) => file === GUIDE_FILES[l] || file === `./${GUIDE_FILES[l]}`);
  return lang ? `/guide/${lang}${hash ? `#${hash}` : ''}` : href;
}

const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'link') token.href = appHref(token.href);
  },
});

const STYLE = `
:root{color-scheme:light dark}
body{margin:0;font-family:system-ui,'Segoe UI',Tahoma,sans-serif;line-height:1.6;color:#1b1b1b;background:#fafafa}
header{position:sticky;top:0;display:flex;gap:16px;align-items:center;justify-content:space-between;padding:10px 16px;background:#2e7d32;color:#fff}
header a{color:#fff}
main{max-width:52rem;margin-inline:auto;padding:16px 20px 48px;overflow-wrap:anywhere}
h1,h2,h3{color:#1b5e20;line-height:1.3}
img{max-width:100%;height:auto;border:1px solid #ddd;border-radius:6px}
table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse}
th,td{border:1px solid #ccc;padding:6px 10px;text-align:start;vertical-align:top}
code{background:#eee;padding:0 4px;border-radius:3px}
pre{overflow-x:auto;background:#eee;padding:10px;border-radius:6px}
html[lang=ar] ol{list-style-type:arabic-indic}
@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}h1,h2,h3{color:#a5d6a7}code,pre{background:#262626}th,td{border-color:#444}}
`;

export interface GuidePage {
  /** The language the text is in (English when the Arabic guide is missing). */
  lang: Lang;
  html: string;
}

const cache = new Map<string, { mtimeMs: number; body: string }>();

function renderedBody(file: string): string | null {
  if (!existsSync(file)) return null;
  const { mtimeMs } = statSync(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = marked.parse(readFileSync(file, 'utf8'), { async: false });
  cache.set(file, { mtimeMs, body });
  return body;
}

export function renderGuide(asked: Lang, docsDir = path.join(projectRoot, 'docs')): GuidePage | null {
  const own = renderedBody(path.join(docsDir, GUIDE_FILES[asked]));
  const lang: Lang = own === null ? 'en' : asked;
  const body = own ?? renderedBody(path.join(docsDir, GUIDE_FILES.en));
  if (body === null) return null;
  const other = OTHER[lang];
  const html = `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(TITLES[lang])}</title><style>${STYLE}</style></head><body><header><a href="/home">TruckDesk</a><a href="${other.href}" lang="${other.lang}">${other.label}</a></header><main>${body}</main></body></html>`;
  return { lang, html };
}
