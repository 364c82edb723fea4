/** Writes the persisted parts of the state to local storage under the seed's keys (docs/product.md §6.3) when they change. */
import { STORAGE_KEYS, writeJson } from './storage';
import type { AppStore, RootState } from './store';

type Persisted = [key: string, select: (state: RootState) => unknown];

const PERSISTED: Persisted[] = [
  [STORAGE_KEYS.userModel, (s) => s.auth.userModel],
  [STORAGE_KEYS.role, (s) => s.user.role],
  [STORAGE_KEYS.user, (s) => s.user.user],
  [STORAGE_KEYS.accessList, (s) => s.accessControl.accessList],
  [STORAGE_KEYS.langDir, (s) => s.lang_dir],
  [STORAGE_KEYS.sidebar, (s) => ({ collapsed: s.sidebar.sidebar.collapsed })],
];

export function persistState(store: AppStore): () => void {
  const last = new Map<string, unknown>();
  for (const [key, select] of PERSISTED) last.set(key, select(store.getState()));
  return store.subscribe(() => {
    const state = store.getState();
    for (const [key, select] of PERSISTED) {
      const value = select(state);
      // Selectors that build objects are compared by content, the rest by reference.
      const previous = last.get(key);
      if (value === previous || JSON.stringify(value) === JSON.stringify(previous)) continue;
      last.set(key, value);
      writeJson(key, value);
    }
  });
}
