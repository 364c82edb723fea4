/**
 * What the settings drawer's sidenav colour and type mean on screen: the colour paints the selected
 * menu entry, the type paints the sidebar. Text on a colour is black or white, whichever reads better.
 */
import { BRAND } from '../../ui/brand';
import type { Settings, SidenavColor } from './settings';

/** Each preset keeps white text above WCAG AA (4.5:1). */
export const SIDENAV_COLOR_VALUES: Record<Exclude<SidenavColor, 'custom'>, string> = {
  primary: BRAND.primary,
  dark: '#344767',
  info: '#1565c0',
  success: '#1b5e20',
  warning: '#b45309',
  error: '#c62828',
};

export const DARK_SIDENAV_BG = '#14261a';

export function sidenavAccent(settings: Pick<Settings, 'sidenavColor' | 'customColor'>): string {
  return settings.sidenavColor === 'custom' ? settings.customColor : SIDENAV_COLOR_VALUES[settings.sidenavColor];
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or black text on a #rrggbb background, whichever contrasts more. */
export function readableTextOn(hex: string): '#ffffff' | '#000000' {
  const l = relativeLuminance(hex);
  return (1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000');
}

export interface SidenavLook {
  background: string;
  menuTheme: 'dark' | 'light';
  accent: string;
  accentText: string;
}

export function sidenavLook(settings: Pick<Settings, 'sidenavColor' | 'customColor' | 'sidenavType' | 'darkMode'>): SidenavLook {
  const accent = sidenavAccent(settings);
  const accentText = readableTextOn(accent);
  switch (settings.sidenavType) {
    case 'dark':
      return { background: DARK_SIDENAV_BG, menuTheme: 'dark', accent, accentText };
    case 'transparent':
      return { background: 'transparent', menuTheme: settings.darkMode ? 'dark' : 'light', accent, accentText };
    case 'white':
      return { background: settings.darkMode ? '#1f1f1f' : '#ffffff', menuTheme: settings.darkMode ? 'dark' : 'light', accent, accentText };
  }
}
