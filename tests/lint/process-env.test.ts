/**
 * Configuration is read in one place: src/server/env.ts parses process.env and the app is handed the
 * result. Anywhere else in src/ (tests and their helpers aside) every way of reading it is refused.
 */
import { describe, expect, it } from 'vitest';
import { lintProbe, ofRule, repositoryEslint } from './support/probe';

const eslint = repositoryEslint();
const RULE = 'no-restricted-syntax';

const READS = [
  'export const port = process.env.PORT;\n',
  'export const all = process.env;\n',
  "export const port = process['env'].PORT;\n",
  'export const port = globalThis.process.env.PORT;\n',
  'const { env } = process;\nexport const port = env.PORT;\n',
  "import { env } from 'node:process';\nexport const port = env.PORT;\n",
];

describe('process.env outside src/server/env.ts', { timeout: 120_000 }, () => {
  it.each(READS.flatMap((source) => ['src/server/platform/{probe}/probe.ts', 'src/server/features/{probe}/probe.ts', 'src/web/app/{probe}/probe.ts'].map((file) => [file, source])))(
    'is refused in %s: %s',
    async (file, source) => {
      const problems = await lintProbe(eslint, { [file]: source });
      expect(ofRule(problems, RULE)).toEqual([expect.stringContaining('Read configuration in src/server/env.ts')]);
    },
  );

  it('is allowed in env.ts itself, in tests, their helpers and the scripts', async () => {
    const [envFile] = await eslint.lintFiles(['src/server/env.ts']);
    expect(envFile?.messages).toEqual([]);
    const problems = await lintProbe(eslint, {
      'src/server/features/{probe}/probe.test.ts': 'export const port = process.env.PORT;\n',
      'src/testing/{probe}/helper.ts': 'export const url = process.env.TEST_DATABASE_URL;\n',
      'scripts/{probe}/tool.ts': 'export const port = process.env.PORT;\n',
      'bench/{probe}/bench.ts': 'export const port = process.env.PORT;\n',
    });
    expect(problems.map((p) => `${p.file}: ${p.rule}: ${p.message}`)).toEqual([]);
  });
});
