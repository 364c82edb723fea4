import { describe, expect, it } from 'vitest';
import { addRun, summary, type Tally } from './flaky';

const file = (name: string, status: string, tests: [string, string][], message?: string) => ({
  name: `/repo/${name}`,
  status,
  message,
  assertionResults: tests.map(([fullName, s]) => ({ fullName, status: s, failureMessages: s === 'failed' ? [`AssertionError: ${fullName} broke\n    at …`] : [] })),
});

describe('the flaky-run tally', () => {
  it('counts, per test, the runs it failed in, and a file that failed outside its tests', () => {
    const tally: Tally = { runs: 0, tests: new Map() };
    addRun(tally, { testResults: [file('a.spec.ts', 'failed', [['x', 'passed'], ['y', 'failed']])] }, '/repo');
    addRun(tally, { testResults: [file('a.spec.ts', 'passed', [['x', 'passed'], ['y', 'passed']])] }, '/repo');
    addRun(tally, { testResults: [file('a.spec.ts', 'failed', [['x', 'skipped'], ['y', 'skipped']], 'server did not start')] }, '/repo');
    expect(tally.runs).toBe(3);
    expect(tally.tests.get('a.spec.ts › y')).toEqual({ failed: 1, passed: 1, firstFailure: 'AssertionError: y broke' });
    expect(tally.tests.get('a.spec.ts › x')).toEqual({ failed: 0, passed: 2 });
    expect(tally.tests.get('a.spec.ts › (the file: load, beforeAll or afterAll)')).toMatchObject({ failed: 1, firstFailure: 'server did not start' });
    const text = summary(tally);
    expect(text).toContain('  1/3 failed  a.spec.ts › y');
    expect(text).toContain('  0/3 failed  a.spec.ts › x');
    expect(text).toContain('3 tests, 3 runs: 2 tests failed at least once');
  });

  it('says so when nothing failed', () => {
    const tally: Tally = { runs: 0, tests: new Map() };
    addRun(tally, { testResults: [file('a.spec.ts', 'passed', [['x', 'passed']])] }, '/repo');
    expect(summary(tally)).toContain('1 tests, 1 runs: no failure');
  });
});
