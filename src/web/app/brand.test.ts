import { describe, expect, it } from 'vitest';
import { BRAND } from '../ui/brand';
import { readSourceFile } from './test-files';

describe('brand colours', () => {
  it('are the same for Ant Design and for our stylesheets', async () => {
    const css = await readSourceFile('./global.css', import.meta.url);
    expect(css).toContain(`--td-primary: ${BRAND.primary};`);
    expect(css).toContain(`--td-lime: ${BRAND.lime};`);
  });
});
