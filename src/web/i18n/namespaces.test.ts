import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../app/route-table';
import arStartUp from './ar/index';
import enStartUp from './en/index';
import { catalogueFiles, LAZY_NAMESPACES } from './namespaces';

const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

describe('the catalogues a screen loads with it', () => {
  it('are found in both languages, and none is also a start-up catalogue', () => {
    for (const lang of ['en', 'ar']) {
      const lazy = catalogueFiles.filter((file) => file.includes(`/i18n/${lang}/`)).map(nameOf).sort();
      expect(lazy).toEqual([...LAZY_NAMESPACES].sort());
    }
    for (const startUp of [enStartUp, arStartUp]) {
      const names = Object.keys(startUp).map(nameOf);
      expect(names).toContain('common');
      expect(names.filter((name) => (LAZY_NAMESPACES as readonly string[]).includes(name))).toEqual([]);
    }
  });

  it('are the ones the routes name', () => {
    const named = new Set(ROUTE_TABLE.flatMap((route) => route.namespaces ?? []));
    for (const ns of named) expect(LAZY_NAMESPACES).toContain(ns);
    expect(named).toContain('menu');
  });
});
