/** Whether a media query matches, following the window as it is resized. */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below this width the sidebar becomes a drawer (Ant Design's `lg`). */
export const DESKTOP_QUERY = '(min-width: 992px)';
/** The seed's narrow-window breakpoint (docs/product.md §6.9): below 1200px the sidenav-type buttons are disabled. */
export const WIDE_QUERY = '(min-width: 1200px)';
