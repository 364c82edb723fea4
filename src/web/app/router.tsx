/**
 * The route tree: the frame around everything, full-page screens in the page layout, and the dashboard
 * layout (its own lazy chunk) around the dashboard screens. Unknown paths get the not-found page after
 * <SessionGuard /> (in AppFrame) has applied the seed's redirect rules (docs/product.md §6.4).
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RequireAccess } from '../features/accounts/require-access';
import { loadTruckMenu } from '../features/trucks/truck-switcher';
import { useAppSelector } from './hooks';
import { PROTECTED_EXTRA_SCREENS, SCREENS, type FirstReads, type PageModule, type ScreenRoute } from './routes';
import { AppFrame } from './shell/app-frame';
import { ErrorPage } from './shell/error.page';
import { LoadingBar } from './shell/loading-bar';
import { NotFoundPage } from './shell/not-found.page';
import { PageLayout } from './shell/page-layout';
import type { TruckChoice } from './current-truck';
import { lazyCodeLoaded, type AppStore } from './store';

/**
 * How long a screen waits, with its code, for the user's trucks and its first reads: usually there
 * already (the page's early reads), on a slow network the screen shows its loading state instead.
 */
const FIRST_READS_WAIT_MS = 400;

/** `work`, waited for at most FIRST_READS_WAIT_MS; whether it fails or takes longer, the screen renders. */
async function briefly(work: () => Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_READS_WAIT_MS)));
  try {
    await Promise.race([work().catch(() => undefined), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The seed's protected extra routes (docs/product.md §6.2) exist only for a signed-in user; otherwise the path is unknown. */
function SignedInOnly({ screen }: { screen: string }) {
  const signedIn = useAppSelector((s) => s.auth.userModel.isLogin);
  if (!signedIn) return <NotFoundPage />;
  return (
    <RequireAccess screen={screen}>
      <Outlet />
    </RequireAccess>
  );
}

export function buildRoutes(store: AppStore, trucks: TruckChoice): RouteObject[] {
  const signedIn = () => store.getState().auth.userModel.isLogin;
  // The user's trucks (the cache's, once read; a sign-out empties it), offered before a dashboard
  // screen renders: every truck screen acts on the current truck, and learns it from them. The
  // switcher's code (fetched once) may inject the API's reducer, which gets its state from an action.
  const knowTrucks = async () => {
    const menu = await loadTruckMenu();
    store.dispatch(lazyCodeLoaded());
    await menu.readMyTrucks(store.dispatch, trucks.offer);
  };
  const dashboardLoader = (firstReads: FirstReads | undefined) => async () => {
    if (signedIn()) {
      await briefly(async () => {
        await knowTrucks();
        if (firstReads) await Promise.all(firstReads(store.dispatch, trucks.truckId(), store.getState()));
      });
    }
    return null;
  };
  // Lazily loaded code may inject reducers (the API); one action gives them their state before the screen renders.
  const loaded =
    (layout: 'page' | 'dashboard') =>
    (load: () => Promise<PageModule>) =>
    async () => {
      const { Component, firstReads } = await load();
      store.dispatch(lazyCodeLoaded());
      return layout === 'dashboard' ? { Component, loader: dashboardLoader(firstReads) } : { Component };
    };
  const screenRoute = ({ path, layout, lazy }: ScreenRoute): RouteObject => ({ path, lazy: loaded(layout)(lazy) });
  const protectedRoute = ({ path, lazy }: ScreenRoute): RouteObject => ({
    path,
    element: <SignedInOnly screen={path} />,
    children: [{ index: true, lazy: loaded('dashboard')(lazy) }],
  });

  return [
    {
      element: <AppFrame />,
      hydrateFallbackElement: <LoadingBar />,
      errorElement: <ErrorPage />,
      children: [
        {
          element: <PageLayout />,
          children: [...SCREENS.filter((s) => s.layout === 'page').map(screenRoute), { path: '*', element: <NotFoundPage /> }],
        },
        {
          lazy: async () => {
            const [layout] = await Promise.all([import('./shell/dashboard-layout'), signedIn() ? briefly(knowTrucks) : undefined]);
            store.dispatch(lazyCodeLoaded());
            return layout;
          },
          children: [
            ...SCREENS.filter((s) => s.layout === 'dashboard').map(screenRoute),
            ...PROTECTED_EXTRA_SCREENS.map(protectedRoute),
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore, trucks: TruckChoice) {
  return createBrowserRouter(buildRoutes(store, trucks));
}
