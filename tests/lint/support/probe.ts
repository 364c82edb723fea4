/**
 * Lint tests write real files into the tree, where the rules apply (a rule keyed on a folder, the
 * resolver and the cycle rule all need files on disk), lint them with the repository's
 * eslint.config.js through ESLint's Node API, and remove them again.
 *
 * A path names the probe folder `{probe}`, which becomes a fresh folder (`lint-probe-<pid>-<n>`, in
 * .gitignore) so concurrent runs and earlier crashes never collide: `src/web/features/{probe}/a.ts`
 * is a file of a web feature of its own, `src/web/ui/{probe}/a.ts` a file of ui/. Sources may name
 * it too (`import { a } from '@web/features/{probe}/a'`). A type check started while these tests run
 * may see a probe file come and go (`npm test` type-checks before it tests).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../../..');
let count = 0;

/** One ESLint for a test file: loading the config and its plugins is the slow part. */
export function repositoryEslint(): ESLint {
  return new ESLint({ cwd: root });
}

export interface Problem {
  file: string;
  rule: string | null;
  message: string;
}

/** Writes `files` (path → source), lints them and returns every problem, each with the path as given. */
export async function lintProbe(eslint: ESLint, files: Record<string, string>): Promise<Problem[]> {
  const probe = `lint-probe-${process.pid}-${++count}`;
  const unplaced = Object.keys(files).find((name) => !name.includes('{probe}'));
  if (unplaced) throw new Error(`${unplaced}: a probe file goes inside {probe}, which is removed afterwards`);
  const written = Object.entries(files).map(([name, source]) => ({
    name,
    source: source.replaceAll('{probe}', probe),
    file: path.join(root, name.replaceAll('{probe}', probe)),
  }));
  const folders = new Set(written.map(({ name }) => path.join(root, name.slice(0, name.indexOf('{probe}')), probe)));
  try {
    for (const { file, source } of written) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, source);
    }
    const results = await eslint.lintFiles(written.map(({ file }) => file));
    return results.flatMap((result) => {
      const name = written.find(({ file }) => file === result.filePath)?.name ?? result.filePath;
      return result.messages.map((m) => ({ file: name, rule: m.ruleId, message: m.message }));
    });
  } finally {
    await Promise.all([...folders].map((folder) => rm(folder, { recursive: true, force: true })));
  }
}

/** The problems of one rule, as `file: message` lines (what a failing expectation shows). */
export function ofRule(problems: Problem[], rule: string): string[] {
  return problems.filter((p) => p.rule === rule).map((p) => `${p.file}: ${p.message}`);
}
