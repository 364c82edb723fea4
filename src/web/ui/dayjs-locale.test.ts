import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDayjsLocale } from './dayjs-locale';

afterEach(() => applyDayjsLocale('en'));

describe('dayjs locale', () => {
  it('follows the interface language', async () => {
    await applyDayjsLocale('ar');
    expect(dayjs.locale()).toBe('ar');
    expect(dayjs('2026-01-15').format('MMMM')).toBe('يناير');
    await applyDayjsLocale('en');
    expect(dayjs('2026-01-15').format('MMMM')).toBe('January');
  });
});
