/**
 * The back office's web fonts, asked for by the page itself (`<link rel="preload">`) rather than when
 * the first screen's text needs them: a screen that paints with its data at once (the router waits for
 * its first reads) painted in the fallback font, and the fonts arriving after it moved its text (a
 * layout shift of 0.1–0.23 on /orders and /menu, Lighthouse). Preloaded, they are in before the first
 * render. Poppins for every page (it sets the Latin text in both directions); Cairo, which sets the
 * Arabic, only on a right-to-left page, where index.html's first script has set `dir` already.
 */
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface FontPreloads {
  /** The font files every page of index.html uses first, as @fontsource names them. */
  all: readonly string[];
  /** The ones a right-to-left page adds. */
  rtl: readonly string[];
}

/** The parts of the bundle's outputs this plugin reads (Rolldown's and Rollup's alike). */
type Outputs = Readonly<Record<string, { type: 'asset' | 'chunk'; fileName: string; names?: readonly string[] }>>;

/** The URL the build gave a font file (`poppins-latin-400-normal.woff2`); it fails the build when there is none. */
export function fontUrl(bundle: Outputs, file: string, base = '/'): string {
  const asset = Object.values(bundle).find((output) => output.type === 'asset' && (output.names ?? []).some((name) => path.basename(name) === file));
  if (!asset) throw new Error(`font-preloads: ${file} is not in the build (did the app stop importing its @fontsource stylesheet?)`);
  return `${base}${asset.fileName}`;
}

/** The script that preloads `hrefs` on a right-to-left page. */
export function rtlPreloadScript(hrefs: readonly string[]): string {
  return `if (document.documentElement.dir === 'rtl') ${JSON.stringify(hrefs)}.forEach(function (href) { var link = document.createElement('link'); link.rel = 'preload'; link.as = 'font'; link.type = 'font/woff2'; link.crossOrigin = ''; link.href = href; document.head.appendChild(link); });`;
}

/**
 * The page with the preloads: the links at the end of the head, and the right-to-left script right
 * after the page's first script (which sets `dir`): after a stylesheet, an inline script would wait
 * for it, and the fonts with it.
 */
export function withFontPreloads(html: string, urls: FontPreloads): { html: string; tags: HtmlTagDescriptor[] } {
  const tags = urls.all.map((href): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href }, injectTo: 'head' }));
  if (urls.rtl.length === 0) return { html, tags };
  const end = html.indexOf('</script>');
  if (end < 0) throw new Error("font-preloads: index.html has no first script to follow (the one that sets the page's dir)");
  const at = end + '</script>'.length;
  return { html: `${html.slice(0, at)}\n    <script>${rtlPreloadScript(urls.rtl)}</script>${html.slice(at)}`, tags };
}

export function fontPreloads(fonts: FontPreloads): Plugin {
  let base = '/';
  return {
    name: 'td-font-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (path.basename(filename) !== 'index.html' || !bundle) return html;
        const urls = { all: fonts.all.map((file) => fontUrl(bundle, file, base)), rtl: fonts.rtl.map((file) => fontUrl(bundle, file, base)) };
        return withFontPreloads(html, urls);
      },
    },
  };
}
