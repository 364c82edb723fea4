/** The database, the HTTP server and Node's built-ins stay out of the browser bundle and the pure domain. */
import { describe, expect, it } from 'vitest';
import { lintProbe, ofRule, repositoryEslint } from './support/probe';

const eslint = repositoryEslint();
const RULE = 'no-restricted-imports';

describe('server-only packages', { timeout: 120_000 }, () => {
  it.each([
    ['src/web/app/{probe}/probe.ts', 'drizzle-orm'],
    ['src/web/features/{probe}/probe.ts', 'pg'],
    ['src/web/ui/{probe}/probe.ts', 'fastify'],
    ['src/web/app/{probe}/probe.ts', '@fastify/static'],
    ['src/web/app/{probe}/probe.ts', 'node:fs'],
    ['src/domain/{probe}/probe.ts', 'drizzle-orm/pg-core'],
    ['src/domain/{probe}/probe.ts', 'fastify'],
    ['src/domain/{probe}/probe.ts', 'node:crypto'],
    ['src/domain/{probe}/probe.ts', 'path'],
    ['src/web/app/{probe}/probe.ts', 'fs/promises'],
    ['src/domain/{probe}/probe.ts', 'domain'],
  ])('are refused in %s: %s', async (file, source) => {
    const problems = await lintProbe(eslint, { [file]: `import * as x from '${source}';\nexport const y = x;\n` });
    expect(ofRule(problems, RULE)).toHaveLength(1);
  });

  it('leave alone a relative import whose path holds a built-in’s name (src/domain, Node’s `domain`)', async () => {
    const problems = await lintProbe(eslint, { 'src/web/app/{probe}/probe.ts': "import { SCREEN_PATHS } from '../../../domain/screens.ts';\nexport const y = SCREEN_PATHS;\n" });
    expect(ofRule(problems, RULE)).toEqual([]);
  });

  it('are allowed on the server', async () => {
    const problems = await lintProbe(eslint, {
      'src/server/platform/{probe}/probe.ts': "import { eq } from 'drizzle-orm';\nimport type { FastifyInstance } from 'fastify';\nimport path from 'node:path';\nexport type App = FastifyInstance;\nexport const y = [eq, path];\n",
    });
    expect(problems.map((p) => `${p.file}: ${p.rule}: ${p.message}`)).toEqual([]);
  });
});
