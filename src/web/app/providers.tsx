/**
 * Redux, the display settings and the toasts around the app. Ant Design is not here: the layouts
 * and pop-ups that use it wrap themselves in <AntdProvider> (antd-provider.tsx), which keeps it
 * out of the entry chunk.
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '../ui/toasts';
import { CurrentTruckProvider, type TruckChoice } from './current-truck';
import { AttentionProvider } from './shell/attention';
import type { LangDir } from './lang-dir.slice';
import { SettingsProvider, useSettings } from './shell/settings-context';
import type { AppStore } from './store';

function ThemedToasts({ langDir }: { langDir: LangDir }) {
  return <Toasts rtl={langDir.dir === 'rtl'} dark={useSettings().settings.darkMode} />;
}

export function Providers({ store, langDir, truckChoice, children }: { store: AppStore; langDir: LangDir; truckChoice?: TruckChoice; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SettingsProvider>
        <CurrentTruckProvider choice={truckChoice}>
          <AttentionProvider>{children}</AttentionProvider>
        </CurrentTruckProvider>
        <ThemedToasts langDir={langDir} />
      </SettingsProvider>
    </Provider>
  );
}
