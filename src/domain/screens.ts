/**
 * The addresses of the web app's screens (docs/product.md §3), as React Router patterns, in the
 * sidebar's order. The web's route table (src/web/app/route-table.ts) gives each its page and layout,
 * and the server (which may not import src/web) answers these with the app and 200, any other address
 * outside /api with the app's not-found page and 404.
 */
export const SCREEN_PATHS = [
  '/',
  '/new-signup',
  '/home',
  '/truck-info',
  '/truck-register',
  '/user-profile',
  '/menu',
  '/orders',
  '/delivery-zones',
  '/operating-hours',
  '/promotions',
  '/booking-details',
  '/invite',
  '/jobs/:number',
  '/booking-quote/:token',
  '/admin/reviews',
] as const;

export type ScreenPath = (typeof SCREEN_PATHS)[number];

/** React Router's matching (matchPath): any case, trailing slashes, one non-empty segment per `:param`. */
function patternOf(screen: string): RegExp {
  const segments = screen.split('/').filter(Boolean).map((segment) => `/${segment.startsWith(':') ? '[^/]+' : segment}`);
  return new RegExp(`^${segments.join('')}/*$`, 'i');
}

const SCREEN_PATTERNS = SCREEN_PATHS.map(patternOf);

/** Whether the router renders a screen at `pathname` (no query string), rather than its not-found page. */
export function isScreenPath(pathname: string): boolean {
  return SCREEN_PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * An address the router answers without a screen of its own: the seed's redirect rule 2 sends a
 * visitor with a valid session from /sign-in on to /home, so the server must not call it unknown.
 */
const REDIRECT_PATTERNS = ['/sign-in'].map(patternOf);

/** Whether the server answers `pathname` with the app and 200: a screen's address or a redirect's. */
export function isAppPath(pathname: string): boolean {
  return isScreenPath(pathname) || REDIRECT_PATTERNS.some((pattern) => pattern.test(pathname));
}
