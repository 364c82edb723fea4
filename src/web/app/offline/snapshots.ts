/**
 * The reads the offline screens need, saved on the device (decision 018): the answers of the
 * user's trucks, the order desk, the order lists and counts, single orders and the menu, as they
 * last came from the server. With no connection the API client answers those reads from here
 * (api.ts), so /orders and /menu open after a reload with no signal, showing what was last loaded;
 * the queue's changes are laid over them by the screens. Other reads are not kept: those screens
 * need the server and say so.
 */
import { recordReadsWith } from './read-recorder';
import { deviceStore } from './outbox';

const KEPT: readonly RegExp[] = [
  /^\/me$/,
  /^\/trucks$/,
  /^\/trucks\/[^/?]+$/,
  /^\/trucks\/[^/?]+\/menu$/,
  /^\/trucks\/[^/?]+\/orders(\/desk|\/counts|\/[0-9a-f-]{36})?(\?|$)/,
];

export const isKeptRead = (key: string) => KEPT.some((pattern) => pattern.test(key));

/** The saved answer of a read, or undefined when none was saved (or the store cannot be opened). */
export async function savedRead(key: string): Promise<unknown> {
  if (!isKeptRead(key)) return undefined;
  try {
    return (await (await deviceStore()).get('reads', key))?.data;
  } catch {
    return undefined;
  }
}

function save(key: string, data: unknown): void {
  if (!isKeptRead(key)) return;
  void deviceStore()
    .then((db) => db.put('reads', { key, data, savedAt: new Date().toISOString() }))
    .catch(() => undefined);
}

/** From now on the kept reads are saved as they come (and those read before this was loaded). */
export function startSavingReads(): void {
  recordReadsWith(save);
}
