import { describe, expect, it } from 'vitest';
import { failedFiles, failuresOf } from './test-report';

const file = (name: string, status: string, tests: [string, string][], message?: string) => ({
  name: `/repo/${name}`,
  status,
  message,
  assertionResults: tests.map(([fullName, s]) => ({ fullName, status: s, failureMessages: s === 'failed' ? [`AssertionError: ${fullName} broke\n    at …`] : [] })),
});

describe("npm test's reading of vitest's report", () => {
  const report = {
    testResults: [
      file('a.spec.ts', 'failed', [['x', 'passed'], ['y', 'failed']]),
      file('b.spec.ts', 'passed', [['z', 'passed']]),
      file('c.spec.ts', 'failed', [['w', 'skipped']], 'server did not start\nlog…'),
    ],
  };

  it('names the failed files, to run each once more alone', () => {
    expect(failedFiles(report, '/repo')).toEqual(['a.spec.ts', 'c.spec.ts']);
  });

  it('gives one line per failure: the test, or the file when it failed outside its tests', () => {
    expect(failuresOf(report, '/repo')).toEqual(['a.spec.ts › y: AssertionError: y broke', 'c.spec.ts › (the file: load, beforeAll or afterAll): server did not start']);
  });
});
