/**
 * Where the API client hands the answers of its reads (api.ts) for the device store to keep
 * (snapshots.ts, decision 018). Until a screen that works offline loads the store, the latest few
 * are held here: the first reads come before any screen's code.
 */
type ReadRecorder = (key: string, data: unknown) => void;
/** The device store's recorder once a screen that works offline has loaded it (offline/snapshots.ts, decision 018). */
let recordRead: ReadRecorder | null = null;
/** The latest answers read before it was loaded, handed to it then: the first reads come before any screen's code. */
const recentReads = new Map<string, unknown>();
const RECENT_READS = 40;

export function recordReadsWith(recorder: ReadRecorder): void {
  recordRead = recorder;
  for (const [key, data] of recentReads) recorder(key, data);
  recentReads.clear();
}

export function rememberRead(key: string, data: unknown): void {
  if (recordRead) return recordRead(key, data);
  recentReads.delete(key);
  recentReads.set(key, data);
  if (recentReads.size > RECENT_READS) recentReads.delete(recentReads.keys().next().value!);
}

