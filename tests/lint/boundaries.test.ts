/**
 * The layer rules of DEVELOPERS.md are enforced by lint; these cases prove a violating import is
 * caught (and a legal one is not), so the rule cannot silently stop working.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer boundaries', () => {
  it('refuses src/web importing src/server', async () => {
    const found = await problems('src/web/app/probe.ts', "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n");
    expect(found).toContainEqual(expect.stringContaining('src/web never imports src/server'));
  });

  it('refuses src/server importing src/web', async () => {
    const found = await problems('src/server/platform/probe.ts', "import { makeStore } from '../../web/app/store';\nexport const x = makeStore;\n");
    expect(found).toContainEqual(expect.stringContaining('src/server never imports src/web'));
  });

  it('refuses src/domain importing the server or the web', async () => {
    const server = await problems('src/domain/probe.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n");
    const web = await problems('src/domain/probe.ts', "import { makeStore } from '@web/app/store';\nexport const x = makeStore;\n");
    expect(server).toContainEqual(expect.stringContaining('src/domain imports nothing of ours'));
    expect(web).toContainEqual(expect.stringContaining('src/domain imports nothing of ours'));
  });

  it.each([
    ['src/web/app/probe.ts', 'drizzle-orm'],
    ['src/web/app/probe.ts', 'fastify'],
    ['src/web/app/probe.ts', 'node:fs'],
    ['src/domain/probe.ts', 'drizzle-orm'],
    ['src/domain/probe.ts', 'fastify'],
    ['src/domain/probe.ts', 'node:crypto'],
    ['src/domain/probe.ts', 'path'],
  ])('refuses %s importing %s', async (file, source) => {
    const found = await problems(file, `import x from '${source}';\nexport const y = x;\n`);
    expect(found).toContainEqual(expect.stringMatching(/^no-restricted-imports/));
  });

  it('refuses one feature reaching into another', async () => {
    const found = await problems(
      'src/server/features/probe/probe.service.ts',
      "import { healthRoutes } from '../health/health.routes';\nexport const x = healthRoutes;\n",
    );
    expect(found).toContainEqual(expect.stringContaining('A feature does not reach into another feature'));
  });

  it('allows the legal directions', async () => {
    const server = await problems('src/server/features/health/probe.ts', "import { HealthSchema } from '@domain/health';\nimport { healthRoutes } from './health.routes';\nexport const x = [HealthSchema, healthRoutes];\n");
    expect(server).toEqual([]);
  });
});
