/** The display settings (shell/settings.ts) as a React context, persisted and reflected on <html>. */
import { createContext, useContext, useEffect, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { loadSettings, saveSettings, settingsReducer, type Settings, type SettingsAction } from './settings';

const SettingsContext = createContext<{ settings: Settings; dispatch: Dispatch<SettingsAction> } | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, dispatch] = useReducer(settingsReducer, undefined, loadSettings);

  useEffect(() => saveSettings(settings), [settings]);

  useEffect(() => {
    // The same attribute index.html sets before first paint; global.css themes the page from it.
    const root = document.documentElement;
    if (settings.darkMode) root.dataset.theme = 'dark';
    else delete root.dataset.theme;
  }, [settings.darkMode]);

  const value = useMemo(() => ({ settings, dispatch }), [settings]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings() {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings needs a <SettingsProvider> above it');
  return value;
}
