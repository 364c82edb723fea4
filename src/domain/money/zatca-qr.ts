/**
 * The QR code of a simplified tax invoice in Saudi Arabia, ZATCA's phase 1 ("generation"; the
 * E-Invoicing Detailed Guidelines, and the Security Features Implementation Standards' TLV form):
 * five fields, each a tag byte, a length byte (of its UTF-8 bytes) and the value, the whole
 * base64-encoded. Amounts are decimals with the currency's own digits ("115.00"); the time is ISO
 * 8601 in UTC. Phase 2 (the cryptographic stamp, reporting to Fatoora) is not done (operator guide).
 * Pure: TextEncoder, TextDecoder, btoa and atob are in every browser and in Node.
 */
import { fromMinor, type Currency } from './minor';

export interface ZatcaInvoiceFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2026-12-02T10:15:00Z. */
  timestamp: string;
  /** The invoice total with VAT, as a decimal: "115.00". */
  totalWithVat: string;
  /** The VAT in it, as a decimal: "15.00". */
  vatAmount: string;
}

const TAGS: readonly (keyof ZatcaInvoiceFields)[] = ['sellerName', 'vatNumber', 'timestamp', 'totalWithVat', 'vatAmount'];

/** A field's value is at most 255 bytes (one length byte); a longer seller name is cut at a character. */
function bytesOf(value: string): Uint8Array {
  const encoder = new TextEncoder();
  let text = value;
  let bytes = encoder.encode(text);
  while (bytes.length > 255) {
    text = Array.from(text).slice(0, -1).join('');
    bytes = encoder.encode(text);
  }
  return bytes;
}

export function encodeZatcaQr(fields: ZatcaInvoiceFields): string {
  const parts = TAGS.map((name, index) => {
    const value = bytesOf(fields[name]);
    return Uint8Array.from([index + 1, value.length, ...value]);
  });
  let binary = '';
  for (const part of parts) for (const byte of part) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The fields of a payload, or null when it is not a well-formed phase-1 TLV of the five tags. */
export function decodeZatcaQr(payload: string): ZatcaInvoiceFields | null {
  let binary: string;
  try {
    binary = atob(payload);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const found = new Map<number, string>();
  for (let at = 0; at < bytes.length; ) {
    const tag = bytes[at]!;
    const length = bytes[at + 1];
    if (length === undefined || at + 2 + length > bytes.length) return null;
    try {
      found.set(tag, decoder.decode(bytes.subarray(at + 2, at + 2 + length)));
    } catch {
      return null;
    }
    at += 2 + length;
  }
  if (TAGS.some((_, index) => !found.has(index + 1))) return null;
  return Object.fromEntries(TAGS.map((name, index) => [name, found.get(index + 1)!])) as unknown as ZatcaInvoiceFields;
}

/** The payload of an invoiced order: its total with VAT leaves the tip out (not a sale, not taxed). */
export function zatcaQrOf(order: { sellerName: string; vatNumber: string; invoicedAt: Date; totalMinor: number; tipMinor: number; taxMinor: number; currency: Currency }): string {
  return encodeZatcaQr({
    sellerName: order.sellerName,
    vatNumber: order.vatNumber,
    timestamp: order.invoicedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    totalWithVat: fromMinor(order.totalMinor - order.tipMinor, order.currency),
    vatAmount: fromMinor(order.taxMinor, order.currency),
  });
}
