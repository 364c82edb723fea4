/**
 * import-x/no-cycle over src/: a value import that leads back to its own module is refused, however
 * it is spelled; imports of types only (erased from the build) may go round.
 */
import { describe, expect, it } from 'vitest';
import { lintProbe, ofRule, repositoryEslint } from './support/probe';

const eslint = repositoryEslint();
const RULE = 'import-x/no-cycle';

describe('import cycles', { timeout: 120_000 }, () => {
  it('refuses two modules importing each other', async () => {
    const problems = await lintProbe(eslint, {
      'src/server/platform/{probe}/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/server/platform/{probe}/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(ofRule(problems, RULE)).toEqual([expect.stringContaining('/a.ts: Dependency cycle'), expect.stringContaining('/b.ts: Dependency cycle')]);
  });

  it('refuses a longer circle closed through a path alias', async () => {
    const problems = await lintProbe(eslint, {
      'src/web/features/{probe}/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/web/features/{probe}/b.ts': "import { c } from './c';\nexport const b = () => c;\n",
      'src/web/features/{probe}/c.ts': "import { a } from '@web/features/{probe}/a';\nexport const c = () => a;\n",
    });
    expect(ofRule(problems, RULE)).toHaveLength(3);
  });

  it('refuses a circle through a re-export and a .ts extension', async () => {
    const problems = await lintProbe(eslint, {
      'src/domain/{probe}/index.ts': "export { rule } from './rule.ts';\nexport const LIMIT = 3;\n",
      'src/domain/{probe}/rule.ts': "import { LIMIT } from './index.ts';\nexport const rule = () => LIMIT;\n",
    });
    expect(ofRule(problems, RULE)).toHaveLength(2);
  });

  it('allows a circle of type imports and a one-way chain', async () => {
    const problems = await lintProbe(eslint, {
      'src/server/platform/{probe}/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\nexport const a = 1;\n",
      'src/server/platform/{probe}/b.ts': "import { a } from './a';\nexport interface B { a: number }\nexport const b = a;\n",
      'src/server/platform/{probe}/c.ts': "import { b } from './b';\nimport { a } from '@server/platform/{probe}/a';\nexport const c = [a, b];\n",
    });
    expect(problems.map((p) => `${p.file}: ${p.rule}: ${p.message}`)).toEqual([]);
  });
});
