import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatTime } from './format';

describe('format', () => {
  it('formats numbers in the interface language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'ar')).toBe('١٬٢٣٤٫٥');
  });

  it('formats dates and times in the interface language', () => {
    const date = Date.UTC(2026, 0, 15, 13, 5);
    expect(formatDate(date, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('January 15, 2026');
    expect(formatDate(date, 'ar', { dateStyle: 'long', timeZone: 'UTC' })).toContain('يناير');
    expect(formatDate(date, 'ar', { dateStyle: 'long', timeZone: 'UTC' })).toContain('١٥');
    expect(formatTime(date, 'ar', { timeStyle: 'short', timeZone: 'UTC' })).not.toMatch(/[0-9]/);
    expect(formatTime(date, 'en', { timeStyle: 'short', timeZone: 'UTC' })).toBe('13:05');
  });
});
