/**
 * Test files share one module graph per worker (isolate: false in vite.config.ts), except those that
 * replace modules (vi.mock and kin) or load one on purpose to see what it changes (a dynamic import):
 * they need a graph of their own. Read off the files themselves, so nobody has to keep a list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const NEEDS_FRESH_GRAPH = /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(|\bawait import\(/;
const TEST_FILE = /\.test\.tsx?$/;

/** The test files under `dir` (relative to the working directory, '/'-separated) that need a graph of their own. */
export function testsNeedingFreshGraph(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file) && NEEDS_FRESH_GRAPH.test(readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')));
}
