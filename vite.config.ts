import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/build/precompress.ts';
import { weightBudget } from './scripts/build/weight-budget.ts';
import { LAYOUT_MODULES, ROUTE_TABLE } from './src/web/app/route-table.ts';

const alias = {
  '@domain': path.resolve('src/domain'),
  '@server': path.resolve('src/server'),
  '@web': path.resolve('src/web'),
  '@testing': path.resolve('src/testing'),
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    precompress(),
    weightBudget({
      // The entry page must stay light (it is the first thing a vendor sees, on a phone); screens carry the shell.
      routes: ROUTE_TABLE.map((route) => ({
        path: route.path,
        modules: [LAYOUT_MODULES[route.layout], route.page].filter((m): m is string => m !== null),
        budgetKiB: route.path === '/' ? 160 : 350,
      })),
      startupModules: [/\/src\/web\/i18n\/(\w+)\/[^/]+\.json$/, /\/dayjs\/locale\/(\w+)\.js$/],
    }),
  ],
  resolve: { alias },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // Rolldown otherwise merges modules shared by the dashboard layout and some screens into one of
      // those screens' chunks, and every screen then loads that screen's code too (Table, Tree,
      // ColorPicker… in the shell): over 100 KiB more per dashboard screen.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
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
          include: ['src/domain/**/*.test.ts', 'tests/lint/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/testing/fail-on-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: '.',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/fail-on-console.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/testing/database-global-setup.ts'],
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
