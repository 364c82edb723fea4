import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayOrderedPublicId, timeOrderedUuid } from './time-ordered-id';

const millisecondsOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID the contracts accept, its first 48 bits the time', () => {
    const at = Date.UTC(2026, 11, 2, 1, 30);
    const id = timeOrderedUuid(at);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(millisecondsOf(id)).toBe(at);
  });

  it('sorts an id of a later millisecond after one of an earlier, as text and as PostgreSQL compares uuids (byte by byte)', () => {
    const at = Date.now();
    for (let step = 1; step < 2_000; step += 7) {
      expect(timeOrderedUuid(at) < timeOrderedUuid(at + step)).toBe(true);
    }
  });

  it('keeps the rest random: ids of one millisecond differ', () => {
    const at = Date.now();
    expect(new Set(Array.from({ length: 1_000 }, () => timeOrderedUuid(at))).size).toBe(1_000);
  });
});

describe('dayOrderedPublicId', () => {
  it('is 32 hex digits, the UTC day first, sorting the orders of a later day after an earlier one', () => {
    const at = Date.UTC(2026, 11, 2, 23, 59);
    const id = dayOrderedPublicId(at);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(parseInt(id.slice(0, 4), 16)).toBe(Math.floor(at / 86_400_000));
    expect(dayOrderedPublicId(Date.UTC(2026, 11, 2, 0, 0)).slice(0, 4)).toBe(id.slice(0, 4));
    expect(dayOrderedPublicId(at) < dayOrderedPublicId(at + 60_000)).toBe(true);
  });

  it('keeps 112 random bits: ids of one day differ', () => {
    const at = Date.now();
    const ids = Array.from({ length: 1_000 }, () => dayOrderedPublicId(at));
    expect(new Set(ids).size).toBe(1_000);
    expect(new Set(ids.map((id) => id.slice(4, 8))).size).toBeGreaterThan(900);
  });
});
