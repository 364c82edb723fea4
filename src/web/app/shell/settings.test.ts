import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSettings, settingsReducer, SIDENAV_COLORS, SIDENAV_TYPES } from './settings';

afterEach(() => localStorage.clear());

describe('display settings', () => {
  it("starts with the seed's defaults: dashboard layout, drawer closed", () => {
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ layout: 'dashboard', openConfigurator: false, sidenavColor: 'primary', sidenavType: 'dark', darkMode: false });
  });

  it("offers the seed's sidenav colours and types", () => {
    expect(SIDENAV_COLORS).toEqual(['primary', 'dark', 'info', 'success', 'warning', 'error', 'custom']);
    expect(SIDENAV_TYPES).toEqual(['dark', 'transparent', 'white']);
  });

  it('changes each setting', () => {
    let state = settingsReducer(DEFAULT_SETTINGS, { type: 'sidenavColor', value: 'warning' });
    state = settingsReducer(state, { type: 'sidenavType', value: 'white' });
    state = settingsReducer(state, { type: 'fixedNavbar', value: false });
    state = settingsReducer(state, { type: 'darkMode', value: true });
    state = settingsReducer(state, { type: 'layout', value: 'page' });
    state = settingsReducer(state, { type: 'openConfigurator', value: true });
    expect(state).toEqual({ ...DEFAULT_SETTINGS, sidenavColor: 'warning', sidenavType: 'white', fixedNavbar: false, darkMode: true, layout: 'page', openConfigurator: true });
  });

  it('keeps the same settings when an action changes nothing, so nothing renders for it', () => {
    expect(settingsReducer(DEFAULT_SETTINGS, { type: 'layout', value: 'dashboard' })).toBe(DEFAULT_SETTINGS);
    expect(settingsReducer(DEFAULT_SETTINGS, { type: 'darkMode', value: false })).toBe(DEFAULT_SETTINGS);
    expect(settingsReducer(DEFAULT_SETTINGS, { type: 'layout', value: 'page' })).not.toBe(DEFAULT_SETTINGS);
  });

  it('closing the drawer sets it closed (docs/product.md §6.4)', () => {
    const open = settingsReducer(DEFAULT_SETTINGS, { type: 'openConfigurator', value: true });
    expect(settingsReducer(open, { type: 'openConfigurator', value: false }).openConfigurator).toBe(false);
  });

  it('a custom colour selects the custom swatch; a malformed one changes nothing', () => {
    const state = settingsReducer(DEFAULT_SETTINGS, { type: 'customColor', value: '#FF8800' });
    expect(state).toMatchObject({ sidenavColor: 'custom', customColor: '#ff8800' });
    expect(settingsReducer(state, { type: 'customColor', value: 'orange' })).toBe(state);
  });

  it('persists the choices under ui_settings, not the drawer or layout', () => {
    saveSettings({ ...DEFAULT_SETTINGS, darkMode: true, sidenavColor: 'info', openConfigurator: true, layout: 'page' });
    expect(JSON.parse(localStorage.getItem('ui_settings')!)).toEqual({
      sidenavColor: 'info',
      customColor: DEFAULT_SETTINGS.customColor,
      sidenavType: 'dark',
      fixedNavbar: true,
      darkMode: true,
    });
    expect(loadSettings()).toEqual({ ...DEFAULT_SETTINGS, darkMode: true, sidenavColor: 'info' });
  });

  it.each(['{', '[]', '"dark"', '{"darkMode":"yes"}', JSON.stringify({ sidenavColor: 'pink', customColor: 'red', sidenavType: 'neon', fixedNavbar: 1 })])(
    'falls back to the defaults when ui_settings is %s',
    (raw) => {
      localStorage.setItem('ui_settings', raw);
      expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    },
  );

  it('keeps the valid choices of a partly bad or partial ui_settings', () => {
    localStorage.setItem('ui_settings', JSON.stringify({ fixedNavbar: false, sidenavColor: 'pink', darkMode: true }));
    expect(loadSettings()).toEqual({ ...DEFAULT_SETTINGS, fixedNavbar: false, darkMode: true });
  });
});
