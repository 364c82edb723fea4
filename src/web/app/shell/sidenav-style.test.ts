import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';
import { DARK_SIDENAV_BG, readableTextOn, sidenavAccent, sidenavLook, SIDENAV_COLOR_VALUES } from './sidenav-style';

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('sidenav style', () => {
  it('paints the selected entry with the chosen colour, custom included', () => {
    expect(sidenavAccent({ sidenavColor: 'primary', customColor: '#123456' })).toBe('#2e7d32');
    expect(sidenavAccent({ sidenavColor: 'custom', customColor: '#123456' })).toBe('#123456');
  });

  it.each(Object.entries(SIDENAV_COLOR_VALUES))('keeps text on %s readable (AA)', (_name, color) => {
    expect(contrast(color, readableTextOn(color))).toBeGreaterThanOrEqual(4.5);
  });

  it('picks black text on a light custom colour', () => {
    expect(readableTextOn('#ffeb3b')).toBe('#000000');
    expect(readableTextOn('#1a237e')).toBe('#ffffff');
  });

  it('paints the sidebar by type', () => {
    expect(sidenavLook({ ...DEFAULT_SETTINGS, sidenavType: 'dark' })).toMatchObject({ background: DARK_SIDENAV_BG, menuTheme: 'dark' });
    expect(sidenavLook({ ...DEFAULT_SETTINGS, sidenavType: 'transparent' })).toMatchObject({ background: 'transparent', menuTheme: 'light' });
    expect(sidenavLook({ ...DEFAULT_SETTINGS, sidenavType: 'white' })).toMatchObject({ background: '#ffffff', menuTheme: 'light' });
    expect(sidenavLook({ ...DEFAULT_SETTINGS, sidenavType: 'white', darkMode: true }).menuTheme).toBe('dark');
  });
});
