/**
 * The two secrets a booking hands out, both derived from the server's signing key so nothing
 * secret is stored:
 * - the quote link: names one booking at the version its quote made, signed for that one purpose.
 *   It stops working at the quote's valid-until, and after use (any change moves the version on);
 * - the calendar feed token: per truck and generation, so the vendor can see the address again and
 *   rotating it (the next generation) retires the old one. Only its hash is kept, to find the truck.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface QuoteClaim {
  truckId: string;
  bookingId: string;
  version: number;
  validUntil: Date;
}

const sign = (secret: string, purpose: string, text: string) => createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url');

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** 40 bytes in base64url, and 132 bits of signature. */
const PAYLOAD_LENGTH = 54;
const SIGNATURE_LENGTH = 22;

/** Packed (two ids, the version, valid-until in seconds) and signed: short enough for a path segment. */
export function quoteToken(secret: string, claim: QuoteClaim): string {
  const packed = Buffer.alloc(40);
  uuidBytes(claim.truckId).copy(packed, 0);
  uuidBytes(claim.bookingId).copy(packed, 16);
  packed.writeUInt32BE(claim.version, 32);
  packed.writeUInt32BE(Math.ceil(claim.validUntil.getTime() / 1000), 36);
  const payload = packed.toString('base64url');
  // No separator: a dot would make the page's path look like a file to the static server.
  return `${payload}${sign(secret, 'booking-quote', payload).slice(0, SIGNATURE_LENGTH)}`;
}

/** The claim of a genuine quote link still within its valid-until, or null. */
export function readQuoteToken(secret: string, token: string, now: Date): QuoteClaim | null {
  if (token.length !== PAYLOAD_LENGTH + SIGNATURE_LENGTH) return null;
  const payload = token.slice(0, PAYLOAD_LENGTH);
  const signature = token.slice(PAYLOAD_LENGTH);
  const expected = Buffer.from(sign(secret, 'booking-quote', payload).slice(0, SIGNATURE_LENGTH));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const packed = Buffer.from(payload, 'base64url');
  if (packed.length !== 40) return null;
  const validUntil = new Date(packed.readUInt32BE(36) * 1000);
  if (validUntil.getTime() <= now.getTime()) return null;
  return { truckId: uuidText(packed.subarray(0, 16)), bookingId: uuidText(packed.subarray(16, 32)), version: packed.readUInt32BE(32), validUntil };
}

export const feedToken = (secret: string, truckId: string, generation: number) => sign(secret, 'booking-feed', `${truckId}:${generation}`);
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('base64url');
