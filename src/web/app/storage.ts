/**
 * Local storage, read defensively: a missing, corrupt or tampered value falls back to the default
 * (never a crash), and storage that throws (private mode, quota) is treated as empty.
 */

/** The seed's local-storage keys (docs/product.md §6.3), in one place. */
export const STORAGE_KEYS = {
  token: 'Token',
  userModel: 'userModel',
  role: 'role',
  user: 'user_details',
  accessList: 'access_list_data',
  langDir: 'lang_dir',
  sidebar: 'sidebar',
  settings: 'ui_settings',
} as const;

/** An invitation link opened before signing in (features/team/pending-invitation.tsx); the profile step reads it too. */
export const PENDING_INVITATION_KEY = 'pending_invitation';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * A stored value when `isValid` accepts it, else `fallback`. Plain type guards rather than zod: these
 * shapes are small, and the entry chunk (JS budget 160 KiB) would otherwise carry a zod runtime.
 */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T, fallback: T): T {
  try {
    const raw = storage()?.getItem(key);
    if (raw == null) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function isOneOf<const T extends string>(options: readonly T[]) {
  return (value: unknown): value is T => typeof value === 'string' && (options as readonly string[]).includes(value);
}

export function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the app keeps working with in-memory state.
  }
}

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // See writeJson.
  }
}

export function removeKeys(keys: readonly string[]): void {
  for (const key of keys) writeString(key, null);
}
