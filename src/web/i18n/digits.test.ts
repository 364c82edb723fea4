/** A number handed to a sentence as is ({ count: 15 }) is written in the interface's digits (@domain/locale). */
import { describe, expect, it } from 'vitest';
import { translator } from '../features/storefront/i18n';
import { initI18n } from './i18n';
import { loadNamespaces } from './namespaces';

describe('numbers in sentences', () => {
  it('are Arabic-Indic in the Arabic back office and as before in English', async () => {
    const ar = await initI18n('ar');
    await loadNamespaces(['hours', 'menu'], 'ar');
    expect(ar.t('hours:pause.forMinutes', { count: 15 })).toBe('١٥ دقيقة');
    expect(ar.t('hours:pause.forMinutes', { count: 1234 })).toBe('١٢٣٤ دقيقة');
    const en = await initI18n('en');
    await loadNamespaces(['hours', 'menu'], 'en');
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

describe('texts in sentences', () => {
  it('sit in their own direction isolate where they could reorder the sentence, in the back office and on the truck page', async () => {
    const ar = await initI18n('ar');
    await loadNamespaces(['hours', 'menu'], 'ar');
    expect(ar.t('menu:list.edit', { name: 'Falafel wrap' })).toBe('عدّل \u2068Falafel wrap\u2069');
    expect(ar.t('menu:list.edit', { name: 'لفة فلافل' })).toBe('عدّل لفة فلافل');
    const en = await initI18n('en');
    await loadNamespaces(['hours', 'menu'], 'en');
    expect(en.t('menu:list.edit', { name: 'لفة فلافل' })).toBe('Edit \u2068لفة فلافل\u2069');
    expect(en.t('menu:list.edit', { name: 'Falafel wrap' })).toBe('Edit Falafel wrap');
    // The + of a phone number stays in front of it in Arabic.
    expect(translator('ar')('truck.call', { phone: '+96550001234' })).toBe('اتصل بالرقم \u2068+96550001234\u2069');
  });
});
