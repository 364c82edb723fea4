import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTimestamped, tapHashString, verifyTap, verifyTimestamped } from './signatures';

const SECRET = 'whsec_test_0123456789abcdef';
const BODY = '{"id":"evt_1","type":"payment_intent.succeeded"}';
const NOW = 1_800_000_000;

describe('timestamped signatures (Stripe-Signature scheme)', () => {
  it('accepts a payload signed as Stripe documents it: HMAC-SHA256 of "t.body"', () => {
    const v1 = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(signTimestamped(SECRET, BODY, NOW)).toBe(`t=${NOW},v1=${v1}`);
    expect(verifyTimestamped(SECRET, BODY, `t=${NOW},v1=${v1}`, NOW + 10)).toEqual({ ok: true });
    // Several v1 entries (a secret being rolled): one matching is enough.
    expect(verifyTimestamped(SECRET, BODY, `t=${NOW},v1=${'0'.repeat(64)},v1=${v1}`, NOW)).toEqual({ ok: true });
  });

  it('refuses unsigned, wrongly signed, altered and stale payloads', () => {
    const header = signTimestamped(SECRET, BODY, NOW);
    expect(verifyTimestamped(SECRET, BODY, undefined, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyTimestamped(SECRET, BODY, 'v1=abc', NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyTimestamped(SECRET, BODY, signTimestamped('another-secret', BODY, NOW), NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyTimestamped(SECRET, BODY.replace('evt_1', 'evt_2'), header, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyTimestamped(SECRET, BODY, header.replace(`t=${NOW}`, `t=${NOW + 1}`), NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    // A genuine delivery replayed after the tolerance.
    expect(verifyTimestamped(SECRET, BODY, header, NOW + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyTimestamped(SECRET, BODY, header, NOW + 300)).toEqual({ ok: true });
  });
});

describe("Tap's hashstring", () => {
  const fields = { id: 'chg_TS01', amount: '3.750', currency: 'KWD', gatewayReference: 'g123', paymentReference: 'p456', status: 'CAPTURED', created: '1700000000000' };

  it('is HMAC-SHA256 of the documented concatenation, and verifies', () => {
    const expected = createHmac('sha256', 'sk_test_tap')
      .update('x_idchg_TS01x_amount3.750x_currencyKWDx_gateway_referenceg123x_payment_referencep456x_statusCAPTUREDx_created1700000000000')
      .digest('hex');
    expect(tapHashString('sk_test_tap', fields)).toBe(expected);
    expect(verifyTap('sk_test_tap', fields, expected)).toEqual({ ok: true });
  });

  it('refuses a missing hashstring, a wrong key and a changed status or amount', () => {
    const good = tapHashString('sk_test_tap', fields);
    expect(verifyTap('sk_test_tap', fields, undefined)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyTap('sk_test_other', fields, good)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyTap('sk_test_tap', { ...fields, status: 'DECLINED' }, good)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyTap('sk_test_tap', { ...fields, amount: '37.500' }, good)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});
