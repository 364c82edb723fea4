/**
 * The layer rules (README "How it is built", docs/decisions/002-one-package.md), each proved on a file
 * written into the layer it is about: a relative import and the same import through a tsconfig path
 * alias are refused alike, and the legal directions pass.
 */
import { describe, expect, it } from 'vitest';
import { lintProbe, ofRule, repositoryEslint } from './support/probe';

const eslint = repositoryEslint();
const RULE = 'boundaries/dependencies';

// Loading the config and resolving a first import graph takes seconds on a busy machine.
describe('layer boundaries', { timeout: 120_000 }, () => {
  const DOMAIN = 'src/domain imports nothing of ours';
  const WEB = 'src/web never imports src/server';
  const SERVER = 'src/server never imports src/web';
  const UI = 'src/web/ui is the bottom of the web app';
  const FEATURE = 'A feature does not reach into another feature';
  const DB = 'src/server/db imports neither platform/ nor a feature';
  const DEMO = 'Only the app start-up (app.ts, main.ts) imports src/server/demo';

  it.each([
    ['src/domain/{probe}/probe.ts', '../../server/app', DOMAIN],
    ['src/domain/{probe}/probe.ts', '@server/app', DOMAIN],
    ['src/domain/{probe}/probe.ts', '@server/features/health/health.routes', DOMAIN],
    ['src/domain/{probe}/probe.ts', '../../web/app/store', DOMAIN],
    ['src/domain/{probe}/probe.ts', '@web/app/store', DOMAIN],
    ['src/domain/{probe}/probe.ts', '@web/ui/format', DOMAIN],
    ['src/domain/{probe}/probe.ts', '@testing/accounts', DOMAIN],
    ['src/web/app/{probe}/probe.ts', '../../../server/app', WEB],
    ['src/web/app/{probe}/probe.ts', '@server/app', WEB],
    ['src/web/features/{probe}/probe.ts', '@server/features/orders/orders.service', WEB],
    ['src/web/ui/{probe}/probe.ts', '@server/env', WEB],
    ['src/web/features/{probe}/probe.ts', '@testing/accounts', WEB],
    ['src/server/platform/{probe}/probe.ts', '../../../web/app/store', SERVER],
    ['src/server/platform/{probe}/probe.ts', '@web/app/store', SERVER],
    ['src/server/features/{probe}/probe.ts', '@web/features/orders/orders.slice', SERVER],
    ['src/server/{probe}/probe.ts', '@web/ui/format', SERVER],
    ['src/web/ui/{probe}/probe.ts', '../../app/hooks', UI],
    ['src/web/ui/{probe}/probe.ts', '@web/app/hooks', UI],
    ['src/web/ui/{probe}/probe.ts', '@web/app/shell/settings-context', UI],
    ['src/web/ui/{probe}/probe.ts', '@web/features/orders/orders.slice', UI],
    ['src/web/features/{probe}/probe.ts', '../orders/orders.slice', FEATURE],
    ['src/web/features/{probe}/probe.ts', '@web/features/orders/orders.slice', FEATURE],
    ['src/web/features/{probe}/probe.ts', '@web/features/menu/menu.api', FEATURE],
    ['src/server/features/{probe}/probe.ts', '../health/health.routes', FEATURE],
    ['src/server/features/{probe}/probe.ts', '@server/features/health/health.routes', FEATURE],
    ['src/server/features/{probe}/probe.ts', '@server/features/orders/orders.service', FEATURE],
    ['src/server/db/{probe}/probe.ts', '../../platform/read-cache', DB],
    ['src/server/db/{probe}/probe.ts', '@server/platform/listener', DB],
    ['src/server/db/{probe}/probe.ts', '@server/features/orders/orders.service', DB],
    ['src/server/db/{probe}/probe.ts', '../../demo/demo-data', DEMO],
    ['src/server/db/{probe}/probe.ts', '@server/demo/demo-data', DEMO],
    ['src/server/platform/{probe}/probe.ts', '@server/demo/demo-files', DEMO],
    ['src/server/features/{probe}/probe.ts', '@server/demo/demo-simulator', DEMO],
  ])('refuses %s importing %s: %s', async (file, source, message) => {
    const problems = await lintProbe(eslint, { [file]: `import * as imported from '${source}';\nexport const probe = imported;\n` });
    expect(ofRule(problems, RULE)).toEqual([expect.stringContaining(message)]);
  });

  it('refuses a lazily imported screen of another feature and a re-export from one', async () => {
    const problems = await lintProbe(eslint, {
      'src/web/features/{probe}/lazy.ts': "export const screen = () => import('@web/features/orders/orders.slice');\n",
      'src/web/features/{probe}/reexport.ts': "export { orderSlice } from '@web/features/orders/orders.slice';\n",
    });
    expect(ofRule(problems, RULE)).toEqual([
      expect.stringMatching(/^src\/web\/features\/\{probe\}\/lazy\.ts: A feature does not reach/),
      expect.stringMatching(/^src\/web\/features\/\{probe\}\/reexport\.ts: A feature does not reach/),
    ]);
  });

  it('refuses db/ naming a type of platform/, which no-cycle leaves out', async () => {
    const problems = await lintProbe(eslint, {
      'src/server/db/{probe}/typed.ts': "import type { Listener } from '../../platform/listener';\nexport type Probe = Listener;\n",
    });
    expect(ofRule(problems, RULE)).toEqual([expect.stringContaining(DB)]);
  });

  it('allows the legal directions, relative and through aliases', async () => {
    const problems = await lintProbe(eslint, {
      'src/domain/{probe}/rule.ts': "import { DomainError } from '@domain/errors';\nimport { LANGS } from '../errors';\nexport const rule = [DomainError, LANGS];\n",
      'src/server/features/{probe}/probe.routes.ts':
        "import { HealthSchema } from '@domain/health';\nimport { loadConfig } from '@server/env';\nimport { authOf } from '../../platform/auth';\nimport { helper } from './probe.service';\nexport const routes = [HealthSchema, loadConfig, authOf, helper];\n",
      'src/server/features/{probe}/probe.service.ts': "export const helper = 1;\n",
      'src/web/features/{probe}/probe.page.ts':
        "import { api } from '@web/app/api';\nimport { useAppSelector } from '../../app/hooks';\nimport { formatMoney } from '@web/ui/format';\nimport { panel } from '../../ui/{probe}/panel';\nimport { LANGS } from '@domain/errors';\nexport const page = [api, useAppSelector, formatMoney, panel, LANGS];\n",
      'src/web/ui/{probe}/panel.ts': "import { BRAND } from '../brand';\nimport { formatMoney } from '@web/ui/format';\nimport { LANGS } from '@domain/errors';\nexport const panel = [BRAND, formatMoney, LANGS];\n",
      'src/web/app/{probe}/route.ts': "export const route = () => import('@web/features/orders/orders.slice');\nexport { AntdProvider } from '../antd-provider';\n",
      'src/testing/{probe}/helper.ts': "import { buildApp } from '@server/app';\nimport { LANGS } from '@domain/errors';\nexport const helper = [buildApp, LANGS];\n",
      'src/server/{probe}/start.ts': "import { seedDemoDataOnStart } from '@server/demo/demo-data';\nimport { openDatabase } from '../db/database';\nexport const start = [seedDemoDataOnStart, openDatabase];\n",
      'src/server/db/{probe}/seeded.test.ts': "import { seedDemoData } from '../../demo/demo-data';\nexport const seeded = seedDemoData;\n",
    });
    expect(problems.map((p) => `${p.file}: ${p.rule}: ${p.message}`)).toEqual([]);
  });
});
