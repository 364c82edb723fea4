/**
 * The JWT under the seed's `Token` key (docs/product.md §6.3). It lives in local storage only (not in
 * Redux), so writes go through here to let the session guard re-schedule renewals when it changes.
 */
import { useSyncExternalStore } from 'react';
import { readString, STORAGE_KEYS, writeString } from '../../app/storage';

const listeners = new Set<() => void>();

export const readToken = (): string | null => readString(STORAGE_KEYS.token);

export function writeToken(token: string | null): void {
  writeString(STORAGE_KEYS.token, token);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken);
}
