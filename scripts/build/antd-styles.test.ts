import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractAntdStyles, importedComponents } from './antd-styles';

/** The antd components the app's modules (tests aside) import. */
function appImports(): string[] {
  return (readdirSync('src/web', { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => importedComponents(readFileSync(path.join('src/web', file), 'utf8')));
}

describe('which antd components a module imports', () => {
  it('reads the components of value imports, over several lines and renamed, and leaves types out', () => {
    const code = [
      "import { Button, type FormInstance, DatePicker as AntdDatePicker,\n  Select } from 'antd';",
      "import type { MenuProps } from 'antd';",
      "import { theme } from 'antd';",
      "import { Modal } from 'somewhere-else';",
    ].join('\n');
    expect(importedComponents(code)).toEqual(['Button', 'DatePicker', 'Select']);
  });
});

describe("antd's extracted styles", async () => {
  const { styles, components } = await extractAntdStyles();

  it('has the styles of every component the app imports, and of the parts they render', () => {
    const imported = new Set(appImports());
    expect(imported.size).toBeGreaterThan(20);
    for (const name of imported) {
      if (name === 'ConfigProvider') continue;
      const keys = components[name] ?? [];
      const css = keys.map((key) => styles[key]?.css ?? '').join('');
      expect(css, `${name}'s styles`).toContain(`.ant-`);
    }
    const formCss = components.Form!.map((key) => styles[key]!.css).join('');
    // A form item lays out its label and field on antd's grid, and its fields are inputs.
    expect(formCss).toContain('.ant-form-item');
    expect(formCss).toContain('.ant-col');
    expect(formCss).toContain('.ant-input');
    // A dropdown's menu is rendered open, in a portal.
    expect(components.Dropdown!.map((key) => styles[key]!.css).join('')).toContain('.ant-dropdown-menu-item');
  });

  it("is written against the theme's CSS variables, so it serves light and dark, brand colour or not", () => {
    const button = components.Button!.map((key) => styles[key]!.css).join('');
    expect(button).toContain('var(--ant-color-primary)');
    // antd's default primary blue, which the extraction's theme left as it is.
    expect(button).not.toMatch(/#1677ff/i);
    // No hashed class names: the app's theme sets `hashed: false`.
    expect(button).not.toMatch(/:where\(\.css-/);
  });
});
