import { describe, expect, it } from 'vitest';
import { chunkCircles, planChunks, type BuiltChunk } from './chunk-plan';

const chunk = (fileName: string, modules: string[], imports: string[] = [], pinned = false): BuiltChunk => ({ fileName, modules, imports, dynamicImports: [], bytes: 100_000, pinned });

describe('the chunk plan', () => {
  it('merges the chunks the same screens load, and only those', () => {
    const chunks = [
      chunk('main.js', ['src/web/main.tsx'], ['a.js', 'b.js', 'c.js'], true),
      chunk('a.js', ['node_modules/antd/button.js']),
      chunk('b.js', ['node_modules/antd/menu.js', 'node_modules/antd/layout.js']),
      chunk('c.js', ['src/web/features/menu/rules.ts']),
    ];
    const loads = { '/home en': ['main.js', 'a.js', 'b.js'], '/menu en': ['main.js', 'a.js', 'b.js', 'c.js'] };
    const { groups } = planChunks(chunks, loads);
    expect(Object.values(groups)).toEqual([['node_modules/antd/button.js', 'node_modules/antd/layout.js', 'node_modules/antd/menu.js']]);
    expect(Object.keys(groups)[0]).toMatch(/^all\.en-[0-9a-f]{6}$/);
  });

  it('leaves entries, chunks holding what is imported dynamically, and chunks no screen loaded as they are', () => {
    const chunks = [
      chunk('page.js', ['src/web/features/menu/menu.page.tsx'], [], true),
      chunk('lazy.js', ['src/web/features/menu/item-form.tsx'], [], true),
      chunk('dialog-a.js', ['src/web/features/menu/a.ts']),
      chunk('dialog-b.js', ['src/web/features/menu/b.ts']),
    ];
    const loads = { '/menu ar': ['page.js', 'lazy.js'] };
    expect(planChunks(chunks, loads).groups).toEqual({});
  });

  it('does not merge chunks that would then import each other in a circle', () => {
    // a and c are loaded by the same screen, b by more: a + c would import b, which imports them.
    const chunks = [chunk('a.js', ['a.ts'], ['b.js']), chunk('b.js', ['b.ts'], ['c.js']), chunk('c.js', ['c.ts'])];
    const loads = { '/home en': ['a.js', 'b.js', 'c.js'], '/orders en': ['b.js'] };
    expect(planChunks(chunks, loads).groups).toEqual({});
  });

  it('keeps what a page apart can load, even later, out of the chunks it cannot', () => {
    const chunks = [
      { ...chunk('storefront.js', ['src/web/storefront.tsx'], [], true), page: 'storefront', dynamicImports: ['spot-map.js'] },
      chunk('spot-map.js', ['src/web/features/storefront/spot-map.tsx'], ['leaflet.js', 'react-leaflet.js'], true),
      chunk('leaflet.js', ['node_modules/leaflet/dist/leaflet-src.js']),
      chunk('react-leaflet.js', ['node_modules/react-leaflet/lib/MapContainer.js']),
      chunk('popconfirm.js', ['node_modules/antd/es/popconfirm/index.js']),
    ];
    // The zone screen loads all three on render; the truck page, the map only on a tap.
    const loads = { '/delivery-zones en': ['leaflet.js', 'react-leaflet.js', 'popconfirm.js'], '/t/:slug en': ['storefront.js'] };
    expect(Object.values(planChunks(chunks, loads).groups)).toEqual([
      ['node_modules/antd/es/popconfirm/index.js', 'node_modules/leaflet/dist/leaflet-src.js', 'node_modules/react-leaflet/lib/MapContainer.js'],
    ]);
    expect(Object.values(planChunks(chunks, loads, ['storefront']).groups)).toEqual([
      ['node_modules/leaflet/dist/leaflet-src.js', 'node_modules/react-leaflet/lib/MapContainer.js'],
    ]);
  });

  it('puts a small chunk left alone with the fewest screens that load it and more', () => {
    const small = (fileName: string, modules: string[]) => ({ ...chunk(fileName, modules), bytes: 900 });
    const chunks = [
      chunk('shell-a.js', ['node_modules/react-dom/index.js']),
      chunk('shell-b.js', ['node_modules/antd/es/button/index.js']),
      chunk('forms-a.js', ['node_modules/antd/es/form/index.js']),
      chunk('forms-b.js', ['node_modules/antd/es/input/index.js']),
      small('money.js', ['src/domain/money/minor.ts']),
      chunk('big-alone.js', ['node_modules/leaflet/dist/leaflet-src.js']),
    ];
    const loads = {
      '/home en': ['shell-a.js', 'shell-b.js', 'big-alone.js'],
      '/menu en': ['shell-a.js', 'shell-b.js', 'forms-a.js', 'forms-b.js', 'money.js'],
      '/user-profile en': ['shell-a.js', 'shell-b.js', 'forms-a.js', 'forms-b.js', 'big-alone.js'],
    };
    // money.js (menu only) joins the forms (menu and profile), not the shell (every screen); a large chunk stays alone.
    expect(Object.values(planChunks(chunks, loads).groups).sort()).toEqual([
      ['node_modules/antd/es/button/index.js', 'node_modules/react-dom/index.js'],
      ['node_modules/antd/es/form/index.js', 'node_modules/antd/es/input/index.js', 'src/domain/money/minor.ts'],
    ]);
  });

  it('finds chunks that import each other in a circle', () => {
    const chunks = [chunk('a.js', [], ['b.js']), chunk('b.js', [], ['c.js']), chunk('c.js', [], ['a.js']), chunk('d.js', [], ['a.js'])];
    expect(chunkCircles(chunks)).toEqual([['a.js', 'b.js', 'c.js']]);
    expect(chunkCircles(chunks.slice(0, 2))).toEqual([]);
  });
});
