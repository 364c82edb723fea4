// Lint: TypeScript rules, React hooks, and the layer rules of README's "How it is built" and
// docs/decisions/002-one-package.md, which CI runs. Each layer rule has a test in tests/lint/ that writes a
// violating file and expects this config to refuse it.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/** The database and the HTTP server never leak into the browser bundle or the pure domain. */
const bannedInBrowserAndDomain = [
    // A pattern anchored at the start: group's gitignore-style `domain/*` also matched a relative import of src/domain.
    { regex: `^(node:|(${nodeBuiltins.join('|')})(/|$))`, message: 'No Node built-ins in src/web or src/domain.' },
    { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'pg/*'], message: 'The database stays on the server.' },
    { group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*'], message: 'Fastify stays on the server.' },
];

/** Every way of reading process.env: process.env(.X), process['env'], globalThis.process.env, destructuring, import { env } from 'node:process'. */
const processEnvReads = [
  "MemberExpression[object.name='process'][property.name='env']",
  "MemberExpression[object.name='process'][property.value='env']",
  "MemberExpression[object.type='MemberExpression'][object.property.name='process'][property.name='env']",
  "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
  "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
];

/** The layer rules of README's "How it is built" (eslint-plugin-boundaries policies over the elements below). */
const layerPolicies = [
  {
    from: { element: { type: 'domain' } },
    disallow: { to: { element: { types: { anyOf: ['server', 'server-feature', 'server-db', 'server-platform', 'server-demo', 'web', 'web-app', 'web-ui', 'web-feature', 'testing'] } } } },
    message: 'src/domain imports nothing of ours.',
  },
  {
    from: { element: { types: { anyOf: ['web', 'web-app', 'web-ui', 'web-feature'] } } },
    disallow: { to: { element: { types: { anyOf: ['server', 'server-feature', 'server-db', 'server-platform', 'server-demo', 'testing'] } } } },
    message: 'src/web never imports src/server.',
  },
  {
    from: { element: { types: { anyOf: ['server', 'server-feature', 'server-db', 'server-platform', 'server-demo'] } } },
    disallow: { to: { element: { types: { anyOf: ['web', 'web-app', 'web-ui', 'web-feature'] } } } },
    message: 'src/server never imports src/web.',
  },
  {
    // The database layer is what platform/ and the features build on; an import back up makes a
    // circle that type-only imports hide from import-x/no-cycle.
    from: { element: { type: 'server-db' } },
    disallow: { to: { element: { types: { anyOf: ['server-platform', 'server-feature'] } } } },
    message: 'src/server/db imports neither platform/ nor a feature.',
  },
  {
    from: { element: { type: 'web-ui' } },
    disallow: { to: { element: { types: { anyOf: ['web-app', 'web-feature'] } } } },
    message: 'src/web/ui is the bottom of the web app: it imports neither app/ nor a feature.',
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
];

/**
 * The demo data is the app's start-up's (app.ts, main.ts): opening the database (the admin script,
 * backups) must not seed. The circle this closed (db/database.ts → demo data → platform/uploads.ts →
 * platform/truck-access.ts → db/database.ts) ran back through `import type { Db }` only, which
 * import-x/no-cycle leaves out, so this rule keeps it open. Tests may seed (nothing imports a test).
 */
const demoOnlyAtStartUp = {
  from: { element: { types: { anyOf: ['server-db', 'server-platform', 'server-feature'] } } },
  disallow: { to: { element: { type: 'server-demo' } } },
  message: 'Only the app start-up (app.ts, main.ts) imports src/server/demo.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'data/**', 'drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Under verbatimModuleSyntax `import { type A } from 'm'` stays in the output as `import 'm'`:
      // the module runs and ships though nothing of it is used (the web's menu screen loaded zod so).
      '@typescript-eslint/no-import-type-side-effects': 'error',
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
      'no-restricted-imports': ['error', { patterns: bannedInBrowserAndDomain }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: bannedInBrowserAndDomain }],
    },
  },
  {
    // Configuration is read once, validated, in src/server/env.ts; everything else is handed the parsed
    // Config. Tests, their helpers (src/testing), scripts, benchmarks, deploy checks and the tools' own
    // config files run outside the app and read their own variables.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['src/server/env.ts', '**/*.test.{ts,tsx}', 'src/testing/**', 'tests/**', 'scripts/**', 'bench/**', 'deploy/**', '*.config.{ts,js}'],
    rules: {
      'no-restricted-syntax': ['error', ...processEnvReads.map((selector) => ({ selector, message: 'Read configuration in src/server/env.ts (loadConfig) and pass the Config along.' }))],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // Every import form is resolved to a file the way TypeScript does it (relative paths, the
      // @domain/@server/@web/@testing paths of tsconfig.base.json, .ts extensions), so the layer rules
      // below judge an alias import exactly like the relative import of the same file.
      'import/resolver': { typescript: { project: 'tsconfig.base.json' } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.base.json' })],
      'import-x/extensions': ['.ts', '.tsx'],
      // One lint run: a resolved path does not move while it lasts (the default forgets after 30 s and resolves again).
      'import-x/cache': { lifetime: '∞' },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'boundaries/include': ['src/**/*'],
      // The first pattern a file matches names its element.
      'boundaries/elements': [
        // One element, not one per feature folder: domain features are the shared layer and import one
        // another (orders/contracts.ts uses accounts' PhoneSchema); the feature rule below is for server and web.
        { type: 'domain', pattern: 'src/domain' },
        { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
        { type: 'server-db', pattern: 'src/server/db' },
        { type: 'server-platform', pattern: 'src/server/platform' },
        { type: 'server-demo', pattern: 'src/server/demo' },
        { type: 'server', pattern: 'src/server' },
        { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'src/web/app' },
        { type: 'web-ui', pattern: 'src/web/ui' },
        { type: 'web', pattern: 'src/web' },
        { type: 'testing', pattern: 'src/testing' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: layerPolicies,
        },
      ],
    },
  },
  {
    // The app's own files (not its tests) also keep the demo data to the start-up.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: [...layerPolicies, demoOnlyAtStartUp] }] },
  },
  {
    // A value cycle decides which module initialises first, and breaks in whichever order the bundler
    // picks; imports of types only are left out (they vanish from the build). Packages are left out
    // too: a cycle of ours never runs through node_modules, and walking antd's or drizzle's module graph
    // from every file would cost more than the rest of the lint. So are tests: nothing imports a test
    // file, so it can close no cycle, and each would walk the whole graph below it again.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
