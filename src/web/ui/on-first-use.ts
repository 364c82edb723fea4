/**
 * A module a screen loads when one of its controls is first used (a date picker, a menu, the hours
 * editor's contract), not with the screen (decision 015): `load` starts fetching it, and `useLoaded`
 * gives it, or null until it is here, re-rendering every component that asked once it arrives.
 * `useStatus` also tells a failed fetch (offline before the service worker had it) from one still
 * under way, for a screen that carries on without the module. A failure is not final: the next `load`
 * tries again.
 */
import { useSyncExternalStore } from 'react';

export type FirstUseStatus<Module> = Module | 'failed' | null;

export function onFirstUse<Module>(fetch: () => Promise<Module>): {
  load(): void;
  useLoaded(): Module | null;
  useStatus(): FirstUseStatus<Module>;
} {
  let status: FirstUseStatus<Module> = null;
  let loading: Promise<unknown> | null = null;
  const waiting = new Set<() => void>();
  const settle = (next: FirstUseStatus<Module>) => {
    status = next;
    for (const notify of waiting) notify();
  };
  const subscribe = (onChange: () => void) => {
    waiting.add(onChange);
    return () => {
      waiting.delete(onChange);
    };
  };
  const useStatus = () => useSyncExternalStore(subscribe, () => status);
  return {
    load() {
      loading ??= fetch().then(settle, () => {
        loading = null;
        settle('failed');
      });
    },
    useLoaded() {
      const now = useStatus();
      return now === 'failed' ? null : now;
    },
    useStatus,
  };
}
