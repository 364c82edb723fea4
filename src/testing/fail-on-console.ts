/**
 * An unexpected console.error fails the test that caused it. A test that expects one says so
 * with `expectConsoleError(/pattern/)`.
 */
import { afterEach, beforeEach, vi } from 'vitest';

let allowed: RegExp[] = [];
let unexpected: string[] = [];

export function expectConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

beforeEach(() => {
  allowed = [];
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(' ');
    if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpected.join('\n---\n')}`);
  }
});
