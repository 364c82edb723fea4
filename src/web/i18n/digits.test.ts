/** A number handed to a sentence as is ({ count: 15 }) is written in the interface's digits (@domain/locale). */
import { describe, expect, it } from 'vitest';
import { translator } from '../features/storefront/i18n';
import { initI18n } from './i18n';

describe('numbers in sentences', () => {
  it('are Arabic-Indic in the Arabic back office and as before in English', async () => {
    const ar = await initI18n('ar');
    expect(ar.t('hours:pause.forMinutes', { count: 15 })).toBe('١٥ دقيقة');
    expect(ar.t('hours:pause.forMinutes', { count: 1234 })).toBe('١٢٣٤ دقيقة');
    const en = await initI18n('en');
    expect(en.t('hours:pause.forMinutes', { count: 15 })).toBe('15 min');
    expect(en.t('hours:pause.forMinutes', { count: 1234 })).toBe('1234 min');
  });

  it('are Arabic-Indic on the Arabic truck page and as before in English', () => {
    expect(translator('ar')('order.title', { number: 42 })).toBe('الطلب ٤٢');
    // A text stays as typed, in its own direction isolate (fill's isolate).
    expect(translator('ar')('order.title', { number: '42' })).toBe('الطلب \u206842\u2069');
    expect(translator('en')('order.title', { number: 1042 })).toBe('Order 1042');
  });
});
