/** Vitest's JSON report, as `npm test` and `npm run test:flaky` read it. */
import path from 'node:path';

export interface JsonReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

export interface TestOutcome {
  /** `file › test name`, the file relative to the root. */
  key: string;
  status: string;
  message?: string;
}

/**
 * Every test of the report with its status; a file that failed outside any test (it did not load, or a
 * beforeAll/afterAll failed, leaving its tests skipped) counts as an entry of its own.
 */
export function outcomes(report: JsonReport, root: string): TestOutcome[] {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const entries: TestOutcome[] = file.assertionResults.map((t) => ({ key: `${name} › ${t.fullName}`, status: t.status, message: t.failureMessages[0] }));
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      entries.push({ key: `${name} › (the file: load, beforeAll or afterAll)`, status: 'failed', message: file.message });
    }
    return entries;
  });
}

/** The test files that failed, relative to the root. */
export function failedFiles(report: JsonReport, root: string): string[] {
  return report.testResults.filter((f) => f.status === 'failed').map((f) => path.relative(root, f.name));
}

/** One line per failed test: `file › test name: the first line of its failure`. */
export function failuresOf(report: JsonReport, root: string): string[] {
  return outcomes(report, root)
    .filter((o) => o.status === 'failed')
    .map((o) => `${o.key}: ${o.message?.split('\n')[0] ?? '(no message)'}`);
}
