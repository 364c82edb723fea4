/**
 * The dashboard's own display settings (the settings drawer's choices, the seed's layout value and
 * whether the drawer is open). Not one of the seed's Redux slices (docs/product.md §6.3): it lives in a
 * React context, like the dashboard template the seed came from. The choices persist under
 * `ui_settings`; index.html reads `darkMode` from there before first paint.
 */
import type { Layout } from '../route-table';
import { isOneOf, isRecord, readJson, STORAGE_KEYS, writeJson } from '../storage';

export const SIDENAV_COLORS = ['primary', 'dark', 'info', 'success', 'warning', 'error', 'custom'] as const;
export type SidenavColor = (typeof SIDENAV_COLORS)[number];

export const SIDENAV_TYPES = ['dark', 'transparent', 'white'] as const;
export type SidenavType = (typeof SIDENAV_TYPES)[number];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export interface PersistedSettings {
  sidenavColor: SidenavColor;
  customColor: string;
  sidenavType: SidenavType;
  fixedNavbar: boolean;
  darkMode: boolean;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** Each saved choice is checked on its own: one bad or missing value falls back alone. */
const PERSISTED_FIELDS: { [K in keyof PersistedSettings]: (value: unknown) => value is PersistedSettings[K] } = {
  sidenavColor: isOneOf(SIDENAV_COLORS),
  customColor: (value): value is string => typeof value === 'string' && HEX_COLOR.test(value),
  sidenavType: isOneOf(SIDENAV_TYPES),
  fixedNavbar: isBoolean,
  darkMode: isBoolean,
};

export interface Settings extends PersistedSettings {
  layout: Layout;
  openConfigurator: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sidenavColor: 'primary',
  customColor: '#2e7d32',
  sidenavType: 'dark',
  fixedNavbar: true,
  darkMode: false,
  layout: 'dashboard',
  openConfigurator: false,
};

export type SettingsAction =
  | { type: 'sidenavColor'; value: SidenavColor }
  | { type: 'customColor'; value: string }
  | { type: 'sidenavType'; value: SidenavType }
  | { type: 'fixedNavbar'; value: boolean }
  | { type: 'darkMode'; value: boolean }
  | { type: 'layout'; value: Layout }
  | { type: 'openConfigurator'; value: boolean };

export function settingsReducer(state: Settings, action: SettingsAction): Settings {
  const next = applied(state, action);
  // An action that changes nothing keeps the same object, so React renders nothing for it: every
  // dashboard screen announces its layout as it mounts, and that re-rendered the whole app each time.
  return (Object.keys(next) as (keyof Settings)[]).every((key) => next[key] === state[key]) ? state : next;
}

function applied(state: Settings, action: SettingsAction): Settings {
  switch (action.type) {
    case 'sidenavColor':
      return { ...state, sidenavColor: action.value };
    case 'customColor':
      // Picking a custom colour selects it, as the drawer's custom swatch shows.
      return HEX_COLOR.test(action.value) ? { ...state, customColor: action.value.toLowerCase(), sidenavColor: 'custom' } : state;
    case 'sidenavType':
      return { ...state, sidenavType: action.value };
    case 'fixedNavbar':
      return { ...state, fixedNavbar: action.value };
    case 'darkMode':
      return { ...state, darkMode: action.value };
    case 'layout':
      return { ...state, layout: action.value };
    case 'openConfigurator':
      return { ...state, openConfigurator: action.value };
  }
}

export function loadSettings(): Settings {
  const saved = readJson(STORAGE_KEYS.settings, isRecord, {});
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [field, isValid] of Object.entries(PERSISTED_FIELDS)) {
    if (isValid(saved[field])) settings[field] = saved[field];
  }
  return settings as unknown as Settings;
}

export function saveSettings(settings: Settings): void {
  const { sidenavColor, customColor, sidenavType, fixedNavbar, darkMode } = settings;
  const persisted: PersistedSettings = { sidenavColor, customColor, sidenavType, fixedNavbar, darkMode };
  writeJson(STORAGE_KEYS.settings, persisted);
}
