/**
 * What the queries here need of the read cache (platform/read-cache.ts keeps it correct): db/ sits
 * below platform/ and names the cache by this type only.
 */
export interface ReadCache {
  /**
   * The value kept under `key`, or `load()`'s. The value is kept until any of `scopes` changes;
   * `undefined` (nothing found) is never kept. Kept values are shared, so they are frozen.
   */
  remember<T>(key: string, scopes: readonly string[], load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Resolves once every change committed before the call has reached this process's cache. */
  settle(): Promise<void>;
  /**
   * `request` committed a change to exactly these scopes: they are dropped here now, and its answer
   * skips the barrier (`settle`) that would wait for their notifications. Their notifications still
   * come and still reach every process. Call it after the commit, before answering.
   */
  appliedOwnWrite(request: object, scopes: readonly string[]): void;
  /** Whether values are being kept (the LISTEN connection is up). */
  readonly active: boolean;
  readonly size: number;
  /** Lookups answered from memory and from the database, since start (metrics). */
  readonly stats: { readonly hits: number; readonly misses: number };
}
