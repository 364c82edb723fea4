/**
 * Layout uses CSS logical properties only, so Arabic mirrors by itself: no left/right margins,
 * paddings, borders, insets, floats or text alignment in our stylesheets or inline styles.
 */
import { describe, expect, it } from 'vitest';

import { readSourceFile } from './test-files';

const files = Object.keys(import.meta.glob(['../**/*.css', '../**/*.tsx', '!../**/*.test.tsx']));

const CSS_PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)(?:-[\w]+)?\s*:/m,
  /(?:^|[\s;{])(?:left|right)\s*:/m,
  /(?:^|[\s;{])(?:float|clear|text-align)\s*:\s*(?:left|right)\b/m,
  /(?:^|[\s;{])border-(?:top|bottom)-(?:left|right)-radius\s*:/m,
];
const JSX_PHYSICAL = [
  /\b(?:margin|padding|border)(?:Left|Right)\w*\s*:/,
  /[{,]\s*(?:left|right)\s*:/,
  /\b(?:float|textAlign)\s*:\s*['"](?:left|right)['"]/,
];

function physicalProperties(file: string, text: string): string[] {
  const patterns = file.endsWith('.css') ? CSS_PHYSICAL : JSX_PHYSICAL;
  return text
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => patterns.some((p) => p.test(line)))
    .map(({ line, i }) => `${file}:${i + 1}: ${line.trim()}`);
}

describe('logical CSS', () => {
  it('finds a physical property when there is one', () => {
    expect(physicalProperties('x.css', '.a { margin-left: 4px; }')).toHaveLength(1);
    expect(physicalProperties('x.css', '.a {\n  right: 0;\n}')).toHaveLength(1);
    expect(physicalProperties('x.css', '.a { text-align: right }')).toHaveLength(1);
    expect(physicalProperties('x.tsx', '<div style={{ paddingRight: 8 }} />')).toHaveLength(1);
    expect(physicalProperties('x.css', '.a { margin-inline-start: 4px; inset-inline-end: 0; }')).toEqual([]);
  });

  it('our stylesheets and components use logical properties only', async () => {
    expect(files).toContain('./global.css');
    const texts = await Promise.all(files.map((file) => readSourceFile(file, import.meta.url)));
    expect(texts.find((_, i) => files[i] === './global.css')).toContain('margin-inline');
    const found = files.flatMap((file, i) => physicalProperties(file, texts[i]!));
    expect(found).toEqual([]);
  });
});
