/**
 * Webhook signatures (issue 45). Stripe's scheme (also the test provider's): header `t=<unix s>,v1=<hex>`,
 * v1 = HMAC-SHA256(secret, `${t}.${rawBody}`), refused outside a tolerance (default 300 s, Stripe's).
 * Tap's: header `hashstring` = HMAC-SHA256(secret key, the concatenated charge fields below), hex.
 * Comparisons are constant-time. Nothing here logs or returns a secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = { ok: true } | { ok: false; reason: 'unsigned' | 'bad_signature' | 'stale' };

const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data, 'utf8').digest('hex');

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export const SIGNATURE_TOLERANCE_S = 300;

export function signTimestamped(secret: string, rawBody: string, timestampS: number): string {
  return `t=${timestampS},v1=${hmacHex(secret, `${timestampS}.${rawBody}`)}`;
}

export function verifyTimestamped(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowS: number,
  toleranceS = SIGNATURE_TOLERANCE_S,
): SignatureVerdict {
  if (!header) return { ok: false, reason: 'unsigned' };
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'unsigned' };
  const expected = hmacHex(secret, `${t}.${rawBody}`);
  if (!signatures.some((signature) => sameHex(signature, expected))) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(nowS - Number(t)) > toleranceS) return { ok: false, reason: 'stale' };
  return { ok: true };
}

/** The fields of a Tap charge its hashstring covers; amount formatted with the currency's decimals. */
export interface TapHashFields {
  id: string;
  amount: string;
  currency: string;
  gatewayReference: string;
  paymentReference: string;
  status: string;
  created: string;
}

export function tapHashString(secretKey: string, f: TapHashFields): string {
  const data =
    `x_id${f.id}x_amount${f.amount}x_currency${f.currency}x_gateway_reference${f.gatewayReference}` +
    `x_payment_reference${f.paymentReference}x_status${f.status}x_created${f.created}`;
  return hmacHex(secretKey, data);
}

export function verifyTap(secretKey: string, fields: TapHashFields, header: string | undefined): SignatureVerdict {
  if (!header) return { ok: false, reason: 'unsigned' };
  return sameHex(header, tapHashString(secretKey, fields)) ? { ok: true } : { ok: false, reason: 'bad_signature' };
}
