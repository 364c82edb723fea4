import { describe, expect, it } from 'vitest';
import { fontUrl, withFontPreloads } from './font-preloads';

const bundle = {
  'assets/poppins-latin-400-normal-cpxAROuN.woff2': { type: 'asset', fileName: 'assets/poppins-latin-400-normal-cpxAROuN.woff2', names: ['poppins-latin-400-normal.woff2'] },
  'assets/cairo-arabic-400-normal-DN15VWMM.woff2': { type: 'asset', fileName: 'assets/cairo-arabic-400-normal-DN15VWMM.woff2', names: ['cairo-arabic-400-normal.woff2'] },
  'assets/main.js': { type: 'chunk', fileName: 'assets/main.js' },
} as const;

/** Runs the right-to-left script against a page of `dir`, returning the links it added. */
function runScript(children: string, dir: 'ltr' | 'rtl') {
  const added: Record<string, string>[] = [];
  const document = {
    documentElement: { dir },
    createElement: () => ({}),
    head: { appendChild: (link: Record<string, string>) => added.push(link) },
  };
  new Function('document', children)(document);
  return added;
}

describe('the fonts index.html preloads', () => {
  it('are found in the build by the name @fontsource gives them, and a missing one stops the build', () => {
    expect(fontUrl(bundle, 'poppins-latin-400-normal.woff2')).toBe('/assets/poppins-latin-400-normal-cpxAROuN.woff2');
    expect(() => fontUrl(bundle, 'poppins-latin-600-normal.woff2')).toThrow(/poppins-latin-600-normal.woff2 is not in the build/);
  });

  it('are preloaded as fonts (crossorigin, as font requests are) on every page, and the Arabic one on a right-to-left page only, by a script right after the one that sets dir', () => {
    const page = '<head><script>setDir()</script><link rel="stylesheet" href="/main.css"></head>';
    const { html, tags } = withFontPreloads(page, { all: ['/assets/poppins.woff2'], rtl: ['/assets/cairo.woff2'] });
    expect(tags).toEqual([{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: '/assets/poppins.woff2' }, injectTo: 'head' }]);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts[0]).toBe('setDir()');
    expect(html.indexOf(scripts[1]!)).toBeLessThan(html.indexOf('main.css'));
    expect(runScript(scripts[1]!, 'ltr')).toEqual([]);
    expect(runScript(scripts[1]!, 'rtl')).toEqual([{ rel: 'preload', as: 'font', type: 'font/woff2', crossOrigin: '', href: '/assets/cairo.woff2' }]);
  });
});
