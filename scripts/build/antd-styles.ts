/**
 * Ant Design's styles as stylesheets made at build time, each loaded with the code that first shows
 * its component (decision 015). The app runs antd in its zero-runtime mode (src/web/app/antd-provider.tsx):
 * its components no longer build their styles as they render, which was ~40 % of a screen's first
 * render. antd-styles-extract.tsx renders every component the app imports and reads their rules;
 * here each module of the app that imports a component from 'antd' also imports that component's
 * stylesheets (its own and those of the parts it renders: a Form's grid, a Select's empty state),
 * so Vite puts them in the CSS of the chunk that holds the module, loaded before it runs.
 *
 * The rules sit in cascade layers under `antd`, declared first in the page: the app's own CSS, in
 * no layer, wins over them whatever order the chunks' stylesheets arrive in, as it won over the
 * styles antd used to put at the top of the page's head; the layers keep antd's own order among
 * its rules (a component's sub-styles after its styles).
 *
 * The extraction takes ~10 s; its result is kept in node_modules/.cache, keyed by the versions of
 * antd and cssinjs and the extractor's source.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

export interface Extracted {
  styles: Record<string, { order: number; css: string }>;
  components: Record<string, string[]>;
}

const EXTRACTOR = path.resolve('scripts/build/antd-styles-extract.tsx');
const PREFIX = 'virtual:antd-style/';
const ANTD_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]antd['"]/g;

/** The extraction, from the cache when antd, cssinjs and the extractor are as they were. */
export async function extractAntdStyles(): Promise<Extracted> {
  const require = createRequire(import.meta.url);
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  const key = createHash('sha256')
    .update([version('antd'), version('@ant-design/cssinjs'), readFileSync(EXTRACTOR, 'utf8')].join('\n'))
    .digest('hex')
    .slice(0, 16);
  const folder = path.resolve('node_modules/.cache/antd-styles');
  const file = path.join(folder, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Extracted;
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  const { stdout: json } = await promisify(execFile)(process.execPath, [tsx, '--tsconfig', 'tsconfig.node.json', EXTRACTOR], {
    maxBuffer: 64 << 20,
    encoding: 'utf8',
    // React's act(), with which the extractor waits for pop-ups to open, exists only in its development build.
    env: { ...process.env, NODE_ENV: 'development' },
  });
  const result = JSON.parse(json) as Extracted;
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, json);
  return result;
}

/** The layer of a rule set of antd's `order` (the lower, the earlier antd put it in the page). */
const layerOf = (order: number) => `antd.o${order + 1000}`;
/** A readable file name for a style key (`Button-Button|ant-btn|anticon` → `Button-Button.ant-btn.anticon`). */
const moduleName = (key: string) => key.replace(/\|+/g, '.').replace(/[^\w.-]/g, '_');

/** The components an import of 'antd' names, its types left out. */
export function importedComponents(code: string): string[] {
  const names: string[] = [];
  for (const [, isType, list] of code.matchAll(ANTD_IMPORT)) {
    if (isType) continue;
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ') && /^[A-Z]/.test(name)) names.push(name);
    }
  }
  return names;
}

export function antdStyles(): Plugin {
  // Started with the build, so the other modules are read and transformed meanwhile.
  let styles: Promise<Extracted & { keyOfModule: Map<string, string> }> | undefined;
  const load = () =>
    (styles ??= extractAntdStyles().then((extracted) => ({
      ...extracted,
      keyOfModule: new Map(Object.keys(extracted.styles).map((key) => [moduleName(key), key])),
    })));
  return {
    name: 'truckdesk:antd-styles',
    enforce: 'pre',
    // The web tests render in jsdom, where no stylesheet applies.
    apply: () => !process.env.VITEST,
    buildStart() {
      void load();
    },
    // Filters let the bundler skip the other modules without calling in here.
    resolveId: {
      filter: { id: /^virtual:antd-style\// },
      handler: (id) => id,
    },
    load: {
      filter: { id: /^virtual:antd-style\// },
      async handler(id) {
        const { styles: all, keyOfModule } = await load();
        const key = keyOfModule.get(id.slice(PREFIX.length, -'.css'.length));
        const style = key === undefined ? undefined : all[key];
        if (!style) throw new Error(`antd-styles: no extracted style for ${id}`);
        return `@layer ${layerOf(style.order)}{${style.css}}`;
      },
    },
    transform: {
      filter: { id: /[\\/]src[\\/]web[\\/].*\.tsx?$/, code: 'antd' },
      async handler(code, id) {
        const names = importedComponents(code);
        if (names.length === 0) return undefined;
        const { styles: all, components } = await load();
        const keys = new Set<string>();
        for (const name of names) {
          const own = components[name];
          if (!own) throw new Error(`antd-styles: ${path.relative('.', id)} imports antd's ${name}, which scripts/build/antd-styles-extract.tsx does not render: add it to its GALLERY`);
          for (const key of own) keys.add(key);
        }
        const sorted = [...keys].sort((a, b) => all[a]!.order - all[b]!.order);
        const imports = sorted.map((key) => `import '${PREFIX}${moduleName(key)}.css';`).join('');
        return { code: `${imports}${code}`, map: null };
      },
    },
    async transformIndexHtml(html, { filename }) {
      if (path.basename(filename) !== 'index.html') return html;
      const orders = [...new Set(Object.values((await load()).styles).map((style) => style.order))].sort((a, b) => a - b);
      // Declared before any of them arrives: the first mention of a layer fixes its place.
      return html.replace('<head>', `<head><style>@layer ${orders.map(layerOf).join(',')};</style>`);
    },
  };
}
