// Lint: TypeScript rules, React hooks, and the layer boundaries of DEVELOPERS.md, which CI runs.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
const aliasBan = (aliases, message) => ({ group: aliases.flatMap((alias) => [alias, `${alias}/*`]), message });

/** The database and the HTTP server never leak into the browser bundle or the pure domain. */
const bannedInBrowserAndDomain = [
    { group: ['node:*', ...nodeBuiltins, ...nodeBuiltins.map((name) => `${name}/*`)], message: 'No Node built-ins in src/web or src/domain.' },
    { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'pg/*'], message: 'The database stays on the server.' },
    { group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*'], message: 'Fastify stays on the server.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'data/**', 'drizzle/**', 'test-results/**', 'tests/lint/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...bannedInBrowserAndDomain, aliasBan(['@server', '@web', '@testing'], 'src/domain imports nothing of ours.')] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...bannedInBrowserAndDomain, aliasBan(['@server', '@testing'], 'src/web never imports src/server.')] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [aliasBan(['@web'], 'src/server never imports src/web.')] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Relative imports are resolved to files here; the path aliases are policed by no-restricted-imports below.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'domain', pattern: 'src/domain' },
        { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
        { type: 'server', pattern: 'src/server' },
        { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'web', pattern: 'src/web' },
        { type: 'testing', pattern: 'src/testing' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'domain' } },
              disallow: { to: { element: { types: { anyOf: ['server', 'server-feature', 'web', 'web-feature', 'testing'] } } } },
              message: 'src/domain imports nothing of ours.',
            },
            {
              from: { element: { types: { anyOf: ['web', 'web-feature'] } } },
              disallow: { to: { element: { types: { anyOf: ['server', 'server-feature', 'testing'] } } } },
              message: 'src/web never imports src/server.',
            },
            {
              from: { element: { types: { anyOf: ['server', 'server-feature'] } } },
              disallow: { to: { element: { types: { anyOf: ['web', 'web-feature'] } } } },
              message: 'src/server never imports src/web.',
            },
            {
              from: { element: { type: 'server-feature' } },
              disallow: { to: { element: { type: 'server-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message: 'A feature does not reach into another feature.',
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
              message: 'A feature does not reach into another feature.',
            },
          ],
        },
      ],
    },
  },
);
