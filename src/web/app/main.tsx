import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/arabic-600.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n';
import './global.css';
import { persistState } from './persistence';
import { TruckChoice } from './current-truck';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { makeStore } from './store';

async function start() {
  const store = makeStore();
  persistState(store);
  const { lang_dir: langDir } = store.getState();
  // index.html set these before first paint from the same storage; this covers a corrupt value it skipped.
  document.documentElement.lang = langDir.lang;
  document.documentElement.dir = langDir.dir;
  // The router starts loading the screen's code as soon as it exists: alongside the catalogues, not after them.
  const truckChoice = new TruckChoice();
  const router = createAppRouter(store, truckChoice);
  await initI18n(langDir.lang);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers store={store} langDir={langDir} truckChoice={truckChoice}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // The service worker (offline start, updates) waits until the first screen is up and the page is
  // idle: its code and the worker's precache then never share the network or the main thread with
  // the screen's own (they came before the largest paint, and Lighthouse counted them in it).
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    afterFirstScreen(router, () => {
      void Promise.all([import('virtual:pwa-register'), import('./shell/update-prompt')]).then(([{ registerSW }, { watchForUpdates }]) => watchForUpdates(registerSW));
    });
  }
}

/** Runs `then` once the router has shown its first screen (its code and first reads in) and the page is idle. */
function afterFirstScreen(router: ReturnType<typeof createAppRouter>, then: () => void): void {
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: 5_000 }) : setTimeout(then, 1_000));
  if (router.state.initialized) return void whenIdle();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    whenIdle();
  });
}

void start();
