import { describe, expect, it } from 'vitest';
import { feedToken, quoteToken, readQuoteToken } from './bookings.tokens';

const secret = 'a'.repeat(40);
const claim = { truckId: '11111111-1111-4111-8111-111111111111', bookingId: '22222222-2222-4222-8222-222222222222', version: 1, validUntil: new Date('2030-01-01T00:00:00Z') };
const now = new Date('2029-12-31T00:00:00Z');

describe('quote links', () => {
  it('read back what they were signed with, until valid-until', () => {
    const token = quoteToken(secret, claim);
    expect(token.length).toBeLessThan(100);
    expect(readQuoteToken(secret, token, now)).toEqual(claim);
    expect(readQuoteToken(secret, token, claim.validUntil)).toBeNull();
  });

  it('refuse a changed payload, another key, and garbage', () => {
    const token = quoteToken(secret, claim);
    const forged = `${quoteToken(secret, { ...claim, version: 2 }).slice(0, 54)}${token.slice(54)}`;
    expect(readQuoteToken(secret, forged, now)).toBeNull();
    expect(readQuoteToken('b'.repeat(40), token, now)).toBeNull();
    expect(readQuoteToken(secret, 'nonsense', now)).toBeNull();
    expect(readQuoteToken(secret, `${token}x`, now)).toBeNull();
    expect(token).toMatch(/^[\w-]+$/);
  });
});

describe('feed tokens', () => {
  it('differ per truck and generation, and say nothing of the truck', () => {
    const first = feedToken(secret, claim.truckId, 1);
    expect(feedToken(secret, claim.truckId, 1)).toBe(first);
    expect(feedToken(secret, claim.truckId, 2)).not.toBe(first);
    expect(first).not.toContain(claim.truckId.slice(0, 8));
    expect(first).toMatch(/^[\w-]{43}$/);
  });
});
