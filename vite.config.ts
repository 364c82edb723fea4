import path from 'node:path';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { antdStyles } from './scripts/build/antd-styles.ts';
import { chunkPlan, readChunkPlan } from './scripts/build/chunk-plan.ts';
import { fontPreloads } from './scripts/build/font-preloads.ts';
import { precompress } from './scripts/build/precompress.ts';
import { testsNeedingFreshGraph } from './scripts/fresh-module-graph.ts';
import { weightBudget } from './scripts/build/weight-budget.ts';
import { LAYOUT_MODULES, ROUTE_TABLE } from './src/web/app/route-table.ts';

const alias = {
  '@domain': path.resolve('src/domain'),
  '@server': path.resolve('src/server'),
  '@web': path.resolve('src/web'),
  '@testing': path.resolve('src/testing'),
};

/**
 * Every test file of a project shares one module graph with the files before it (isolate: false):
 * React, Ant Design or the server's app are imported once per worker instead of once per file, which
 * halves what the unit, web and API layers cost (decision 013). The web tests that replace modules
 * or load one on purpose to see what it changes (scripts/fresh-module-graph.ts) run in `web-isolated`,
 * a graph per file; tests/lint/module-graph.test.ts keeps such tests out of the unit and API layers.
 */
const webFreshGraph = testsNeedingFreshGraph('src/web');

/** The web layer's settings, shared by its two projects. */
const webTest = {
  root: '.',
  environment: 'jsdom',
  setupFiles: ['src/testing/fail-on-console.ts', 'src/web/ui/messages.test-setup.ts'],
  // A screen rendered in jsdom takes well under a second alone and several on a busy 2-core
  // machine (20 s and more beside the API and browser layers in CI); vitest's 5 s default failed
  // such tests for the machine's sake, not the code's. test-support.tsx's FIND waits as long.
  testTimeout: 90_000,
} satisfies ViteUserConfig['test'];

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    // Ant Design's styles made at build time, each with the code that first shows its component.
    antdStyles(),
    // The fonts main.tsx imports, asked for by the page before the first screen's text needs them.
    fontPreloads({
      all: ['poppins-latin-400-normal.woff2', 'poppins-latin-600-normal.woff2'],
      rtl: ['cairo-arabic-400-normal.woff2', 'cairo-arabic-600-normal.woff2'],
    }),
    precompress(),
    // Chunks the same screens load merged into one file (scripts/build/chunk-plan.ts, decision 015).
    chunkPlan({ plan: process.env.CHUNK_PLAN === 'off' ? new Map() : readChunkPlan(), reportFile: process.env.CHUNK_PLAN_REPORT }),
    // Installable, and a second visit starts without downloading the app: Workbox precaches the
    // shell and every screen's chunks. Only the build's own files: API answers are never cached
    // (no runtime caching, and navigations under /api are not answered with the app).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'TruckDesk',
        short_name: 'TruckDesk',
        description: 'The back office of a food-truck business.',
        lang: 'en',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#2e7d32',
        background_color: '#2e7d32',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The Arabic names (the manifest localization members browsers are adopting).
        ...{ translations: { ar: { name: 'TruckDesk', short_name: 'TruckDesk', description: 'المكتب الخلفي لعربة الطعام.' } } },
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
        navigateFallback: '/index.html',
        // The API, the customer's truck page and the user guide are the server's pages, not the app's routes.
        navigateFallbackDenylist: [/^\/api\//, /^\/t\//, /^\/guide(\/|$)/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
      },
    }),
    weightBudget({
      // The entry page must stay light (it is the first thing a vendor sees, on a phone); screens carry the shell.
      routes: [
        ...ROUTE_TABLE.map((route) => ({
          path: route.path,
          modules: [LAYOUT_MODULES[route.layout], route.page].filter((m): m is string => m !== null),
          budgetKiB: route.path === '/' ? 160 : 300,
        })),
        // The customer's truck page, opened on a phone in front of the truck, often on a weak signal.
        { path: '/t/:slug', entry: 'storefront.html', modules: [], budgetKiB: 100 },
      ],
      // A language's start-up catalogues (src/web/i18n/<lang>/index.ts; home's load with their screen).
      startupModules: [/\/src\/web\/i18n\/(\w+)\/index\.ts$/],
      // Without the chunk plan the screens weigh more (decision 015): that build is only measured. So is one
      // built with WEIGHT_BUDGET=report, to weigh a change before the plan is made again (`npm run chunk-plan`).
      reportOnly: process.env.CHUNK_PLAN === 'off' || process.env.WEIGHT_BUDGET === 'report',
    }),
  ],
  resolve: { alias },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The back office, and the customer's truck page (/t/...), which shares none of its shell.
      input: { main: path.resolve('src/web/index.html'), storefront: path.resolve('src/web/storefront.html') },
      // Rolldown otherwise merges modules shared by the dashboard layout and some screens into one of
      // those screens' chunks, and every screen then loads that screen's code too (Table, Tree,
      // ColorPicker… in the shell): over 100 KiB more per dashboard screen.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      // Ant Design's own packages declare no `sideEffects`, so every module their barrels import stayed in
      // the bundle: all of rc-form and its validator (12 KiB) came with any popup, through antd's form
      // context. None of them runs anything on import but declarations (decision 015).
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['src/domain/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/e2e/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: ['src/testing/fail-on-console.ts'],
          // Property tests (hundreds of generated schedules) and the lint tests (an ESLint run each)
          // take a second or two alone and past vitest's 5 s default while the machine runs the API
          // and browser layers beside them: CI failed them for the machine's sake, not the code's.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { ...webTest, name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], exclude: webFreshGraph, isolate: false },
      },
      {
        extends: true,
        test: { ...webTest, name: 'web-isolated', include: webFreshGraph.length > 0 ? webFreshGraph : ['no-such-file'] },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['src/server/**/*.test.ts', 'tests/fuzz/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/testing/database-global-setup.ts'],
          isolate: false,
          setupFiles: ['src/testing/fail-on-console.ts', 'src/testing/run-cleanups.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          setupFiles: ['src/testing/fail-on-console.ts'],
          // A journey is many steps, each waiting for its own state (expect.poll's 20 s below): the whole
          // may take minutes on a loaded machine (the truck wizard passed 120 s in CI beside the other
          // lanes) without any step being wrong. A step that never comes still fails at its own wait.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // A page reaches the state a test waits for in its own time, and later still on a loaded
          // machine; vitest's default (1 s) made waiting assertions fail while the page was still on its way.
          expect: { poll: { timeout: 20_000, interval: 50 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
