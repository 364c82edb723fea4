/**
 * Ids for rows that pile up under their truck: RFC 9562 version 7 UUIDs, the creation time in
 * milliseconds in the first 48 bits and 74 random bits after it. A new row's entry in a
 * (truck_id, id) index then lands at the end of its truck's range, on the page the rows placed
 * just before it already dirtied, instead of on a random page of everything the truck ever had:
 * with random ids, the longer a truck's history, the more distinct pages its new orders dirtied,
 * each written whole to the WAL on its first change after a checkpoint (decision 016, "Flat in a
 * truck's history").
 */
import { randomBytes, randomFillSync } from 'node:crypto';

export function timeOrderedUuid(now = Date.now()): string {
  const bytes = randomFillSync(Buffer.alloc(16));
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const DAY_MS = 86_400_000;

/**
 * An order's public id (the customer's link, 32 hex digits): the UTC day in its first 4 digits, then
 * 112 random bits. Its entry in the (truck_id, public_id) index then joins the truck's orders of the
 * same day, a few pages that day's orders keep dirty, instead of a random leaf of the truck's whole
 * history (at 100,000 orders, 25 whole pages to the WAL per 20 orders after a checkpoint against 7;
 * decision 016). A link's holder sees the order's date on its page anyway; a guesser still faces
 * 2^112 ids per day.
 */
export function dayOrderedPublicId(now = Date.now()): string {
  return Math.floor(now / DAY_MS).toString(16).padStart(4, '0') + randomBytes(14).toString('hex');
}
