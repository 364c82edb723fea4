/**
 * A module a screen loads when one of its controls is first used (a date picker, a menu), not with the
 * screen (decision 015): `load` starts fetching it, and `useLoaded` gives it, or null until it is here,
 * re-rendering every component that asked once it arrives. A failed fetch (offline before the service
 * worker had it) is forgotten, so the next use tries again.
 */
import { useSyncExternalStore } from 'react';

export function onFirstUse<Module>(fetch: () => Promise<Module>): { load(): void; useLoaded(): Module | null } {
  let loaded: Module | null = null;
  let loading: Promise<unknown> | null = null;
  const waiting = new Set<() => void>();
  const subscribe = (onLoad: () => void) => {
    waiting.add(onLoad);
    return () => {
      waiting.delete(onLoad);
    };
  };
  return {
    load() {
      loading ??= fetch().then(
        (module) => {
          loaded = module;
          for (const notify of waiting) notify();
        },
        () => {
          loading = null;
        },
      );
    },
    useLoaded: () => useSyncExternalStore(subscribe, () => loaded),
  };
}
