import { describe, expect, it } from 'vitest';
import { measureRoutes, weightBudget, type ChunkInfo, type WeightBudgetOptions } from './weight-budget';

const ROOT = '/app/src/web';
const chunk = (fileName: string, size: number, extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  code: 'x'.repeat(size),
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...extra,
});

// Sizes are the code length here, so the sums are easy to follow.
const size = (code: string) => code.length;

const CHUNKS: ChunkInfo[] = [
  chunk('index.js', 100, { isEntry: true, imports: ['react.js'] }),
  chunk('react.js', 50),
  chunk('antd.js', 300),
  chunk('layout.js', 20, { facadeModuleId: `${ROOT}/app/shell/dashboard-layout.tsx`, imports: ['antd.js'] }),
  chunk('home.js', 5, { facadeModuleId: `${ROOT}/features/home/home.page.tsx`, imports: ['react.js'] }),
  chunk('entry.js', 7, { facadeModuleId: `${ROOT}/features/accounts/entry.page.tsx` }),
  chunk('drawer.js', 400, { facadeModuleId: `${ROOT}/app/shell/settings-drawer.tsx`, imports: ['antd.js'] }),
  chunk('en-common.js', 10, { facadeModuleId: `${ROOT}/i18n/en/common.json` }),
  chunk('ar-common.js', 12, { facadeModuleId: `${ROOT}/i18n/ar/common.json` }),
  chunk('ar-dayjs.js', 3, { facadeModuleId: '/app/node_modules/dayjs/locale/ar.js' }),
];

const OPTIONS: WeightBudgetOptions = {
  routes: [
    { path: '/', modules: ['features/accounts/entry.page.tsx'], budgetKiB: 1 },
    { path: '/home', modules: ['app/shell/dashboard-layout.tsx', 'features/home/home.page.tsx'], budgetKiB: 1 },
  ],
  startupModules: [/\/i18n\/(\w+)\/[^/]+\.json$/, /\/dayjs\/locale\/(\w+)\.js$/],
};

describe('the weight budget', () => {
  it("weighs a route as the entry, its lazy modules, their static imports and the heaviest language's start-up", () => {
    const [entry, home] = measureRoutes(CHUNKS, ROOT, OPTIONS, size);
    expect(entry).toMatchObject({ path: '/', bytes: 100 + 50 + 7 + 12 + 3 });
    expect(home).toMatchObject({ path: '/home', bytes: 100 + 50 + 20 + 300 + 5 + 12 + 3 });
    // A drawer loaded on demand is not part of any route.
    expect(home!.files).not.toContain('drawer.js');
  });

  it('weighs a page with an entry of its own by that entry alone, without the app or its start-up catalogues', () => {
    const chunks = [
      ...CHUNKS,
      chunk('storefront.js', 30, { isEntry: true, facadeModuleId: `${ROOT}/features/storefront/main.tsx`, imports: ['react.js'] }),
      chunk('spot-map.js', 90, { facadeModuleId: `${ROOT}/features/storefront/spot-map.tsx` }),
    ];
    const routes = [...OPTIONS.routes, { path: '/t/:slug', entry: 'features/storefront/main.tsx', modules: [], budgetKiB: 1 }];
    const weights = measureRoutes(chunks, ROOT, { ...OPTIONS, routes }, size);
    expect(weights[2]).toMatchObject({ path: '/t/:slug', bytes: 30 + 50, files: ['react.js', 'storefront.js'] });
    // The app's routes still weigh the app's entry.
    expect(weights[0]).toMatchObject({ path: '/', bytes: 100 + 50 + 7 + 12 + 3 });
  });

  it('refuses a route naming a module that is not in the build', () => {
    expect(() => measureRoutes(CHUNKS, ROOT, { ...OPTIONS, routes: [{ path: '/x', modules: ['features/x/x.page.tsx'], budgetKiB: 1 }] }, size)).toThrow(
      /not a chunk of the build/,
    );
  });

  it('fails the build when a route is over budget', () => {
    const plugin = weightBudget({ ...OPTIONS, routes: [{ path: '/home', modules: ['app/shell/dashboard-layout.tsx'], budgetKiB: 0 }] });
    const configResolved = plugin.configResolved as (config: unknown) => void;
    configResolved({ root: ROOT, logger: { info() {} } });
    const bundle = Object.fromEntries(CHUNKS.map((c) => [c.fileName, { ...c, type: 'chunk' }]));
    const writeBundle = plugin.writeBundle as (this: unknown, output: unknown, bundle: unknown) => void;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    expect(() => writeBundle.call(context, {}, bundle)).toThrow(/JavaScript budget exceeded: \/home/);
  });
});
