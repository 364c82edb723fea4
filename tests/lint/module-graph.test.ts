/**
 * The unit and API layers run every file in one shared module graph (vite.config.ts): a test there that
 * mocked a module would change it for the files after it. Only the web layer has a project for such
 * tests (web-isolated).
 */
import { describe, expect, it } from 'vitest';
import { testsNeedingFreshGraph } from '../../scripts/fresh-module-graph';

describe('tests that need a module graph of their own', () => {
  it('are web tests only', () => {
    for (const dir of ['src/domain', 'src/server', 'scripts', 'tests']) expect(testsNeedingFreshGraph(dir), dir).toEqual([]);
  });

  it('are found by reading the files', () => {
    expect(testsNeedingFreshGraph('src/web')).toContain('src/web/app/store.test.ts');
  });
});
