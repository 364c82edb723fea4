/**
 * ZATCA's phase-1 QR code of a simplified tax invoice (Saudi Arabia, e-invoicing "generation" phase):
 * five TLV fields — tag 1 the seller's name, 2 the VAT registration number, 3 the invoice's time
 * (ISO 8601), 4 the total with VAT, 5 the VAT amount — each one byte of tag, one byte of length (of the
 * value's UTF-8 bytes, so an Arabic letter counts two) and the value, the whole in base64.
 * Pure: TextEncoder/TextDecoder and a base64 of its own, so the browser runs it as the server does.
 * Phase 2 (cryptographic stamp, XML invoice, Fatoora reporting) is out of scope (docs/operator-guide.md).
 */
import { fromMinor, type Currency } from '../money/minor';

export const ZATCA_TAGS = { sellerName: 1, vatNumber: 2, timestamp: 3, total: 4, vatAmount: 5 } as const;

export interface ZatcaInvoiceFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2022-04-25T15:30:00Z. */
  timestamp: string;
  /** The total with VAT as a decimal of the currency's exponent: "1000.00". */
  total: string;
  /** "150.00". */
  vatAmount: string;
}

/** One TLV value holds at most 255 bytes (its length is one byte). */
export const ZATCA_MAX_VALUE_BYTES = 255;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    const triple = (a << 16) | (b << 8) | c;
    out += ALPHABET[(triple >> 18) & 63]! + ALPHABET[(triple >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(triple >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[triple & 63]! : '=';
  }
  return out;
}

export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  if (clean.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(clean)) throw new RangeError('not base64');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let index = 0;
  for (const char of clean) {
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

/** The QR's text: the five fields as TLV, base64. A value over 255 bytes cannot be written: RangeError. */
export function encodeZatcaQr(fields: ZatcaInvoiceFields): string {
  const encoder = new TextEncoder();
  const values: [number, Uint8Array][] = [
    [ZATCA_TAGS.sellerName, encoder.encode(fields.sellerName)],
    [ZATCA_TAGS.vatNumber, encoder.encode(fields.vatNumber)],
    [ZATCA_TAGS.timestamp, encoder.encode(fields.timestamp)],
    [ZATCA_TAGS.total, encoder.encode(fields.total)],
    [ZATCA_TAGS.vatAmount, encoder.encode(fields.vatAmount)],
  ];
  const out = new Uint8Array(values.reduce((sum, [, value]) => sum + 2 + value.length, 0));
  let at = 0;
  for (const [tag, value] of values) {
    if (value.length > ZATCA_MAX_VALUE_BYTES) throw new RangeError(`ZATCA QR tag ${tag} is ${value.length} bytes, over ${ZATCA_MAX_VALUE_BYTES}`);
    out[at++] = tag;
    out[at++] = value.length;
    out.set(value, at);
    at += value.length;
  }
  return bytesToBase64(out);
}

/** Reads a QR's text back; RangeError when it is not five well-formed TLV fields. */
export function decodeZatcaQr(text: string): ZatcaInvoiceFields {
  const bytes = base64ToBytes(text);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const found = new Map<number, string>();
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) throw new RangeError('truncated TLV');
    const tag = bytes[at]!;
    const length = bytes[at + 1]!;
    if (at + 2 + length > bytes.length) throw new RangeError(`tag ${tag} runs past the end`);
    found.set(tag, decoder.decode(bytes.subarray(at + 2, at + 2 + length)));
    at += 2 + length;
  }
  const field = (tag: number) => {
    const value = found.get(tag);
    if (value === undefined) throw new RangeError(`tag ${tag} missing`);
    return value;
  };
  return {
    sellerName: field(ZATCA_TAGS.sellerName),
    vatNumber: field(ZATCA_TAGS.vatNumber),
    timestamp: field(ZATCA_TAGS.timestamp),
    total: field(ZATCA_TAGS.total),
    vatAmount: field(ZATCA_TAGS.vatAmount),
  };
}

/** An instant as ZATCA's examples write it: UTC, to the second ("2022-04-25T15:30:00Z"). */
export function zatcaTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The QR of an invoiced order: its amounts in minor units, printed to the currency's decimals. */
export function zatcaQrOf(invoice: { sellerName: string; vatNumber: string; issuedAt: Date; totalMinor: number; vatMinor: number; currency: Currency }): string {
  return encodeZatcaQr({
    sellerName: invoice.sellerName,
    vatNumber: invoice.vatNumber,
    timestamp: zatcaTimestamp(invoice.issuedAt),
    total: fromMinor(invoice.totalMinor, invoice.currency),
    vatAmount: fromMinor(invoice.vatMinor, invoice.currency),
  });
}
