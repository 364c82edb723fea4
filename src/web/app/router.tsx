/**
 * The route tree: the frame around everything, full-page screens in the page layout, and the dashboard
 * layout (its own lazy chunk) around the dashboard screens. Unknown paths get the not-found page after
 * <SessionGuard /> (in AppFrame) has applied the seed's redirect rules (docs/product.md §6.4).
 */
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RequireAccess } from '../features/accounts/require-access';
import { loadTruckMenu } from '../features/trucks/truck-switcher';
import { useAppSelector } from './hooks';
import { PROTECTED_EXTRA_SCREENS, SCREENS, type ScreenRoute } from './routes';
import { AppFrame } from './shell/app-frame';
import { ErrorPage } from './shell/error.page';
import { LoadingBar } from './shell/loading-bar';
import { NotFoundPage } from './shell/not-found.page';
import { PageLayout } from './shell/page-layout';
import { lazyCodeLoaded, type AppStore } from './store';

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

export function buildRoutes(store: AppStore): RouteObject[] {
  // Lazily loaded code may inject reducers (the API); one action gives them their state before the screen renders.
  const loaded =
    <T,>(load: () => Promise<T>) =>
    async () => {
      const module = await load();
      store.dispatch(lazyCodeLoaded());
      return module;
    };
  const screenRoute = ({ path, lazy }: ScreenRoute): RouteObject => ({ path, lazy: loaded(lazy) });
  const protectedRoute = ({ path, lazy }: ScreenRoute): RouteObject => ({
    path,
    element: <SignedInOnly screen={path} />,
    children: [{ index: true, lazy: loaded(lazy) }],
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
            // The truck switcher's code and the user's trucks come with the layout's: every truck
            // screen waits for the current truck, which the switcher learns from them.
            const signedIn = store.getState().auth.userModel.isLogin;
            const [layout, truckMenu] = await Promise.all([import('./shell/dashboard-layout'), signedIn ? loadTruckMenu() : undefined]);
            store.dispatch(lazyCodeLoaded());
            truckMenu?.readMyTrucks(store.dispatch);
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

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(buildRoutes(store));
}
