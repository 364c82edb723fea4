/**
 * One word for each thing (docs/glossary.md): a word from the glossary's "never" column anywhere in
 * the Arabic catalogues (the screens' and the server's messages) fails here, naming key and word.
 */
import { forbiddenWords } from '@domain/i18n/glossary';
import { describe, expect, it } from 'vitest';
import glossary from '../../../docs/glossary.md?raw';

const files = import.meta.glob<unknown>('../../domain/i18n/ar/*.json', { eager: true, import: 'default' });

function strings(value: unknown, prefix: string): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${prefix}.${key}`));
  return [];
}

const arabic: [string, string][] = [
  ...Object.entries(files).flatMap(([file, content]) => strings(content, file.replace('../../domain/i18n/ar/', 'ar/'))),
];

describe('the Arabic catalogues follow the glossary', () => {
  it('reads the words to avoid from docs/glossary.md', () => {
    expect(forbiddenWords(glossary)).toEqual(expect.arrayContaining(['تراك ديسك', 'شاحنة', 'الزبون']));
    // One term per concept (issue #50's review): each rival word it found is held here.
    const rivals = ['طلب التسجيل', 'مقدّم طلب', 'طلب حجز', 'صيغة الطلب', 'تقديم الطعام', 'موافقة', 'نوبة', 'وردية', 'موقف العربة', 'الموقع الأساسي', 'وثائق', 'أوراق', 'تراخيص', 'قيد الانتظار', 'أونلاين', 'طلب إلكتروني', 'مواعيد عمل', 'يزيد عن', 'بواسطة', 'تأجيل', '·'];
    const calques = ['المكتب الخلفي', 'تعيين كمكتمل', 'تم الانتباه', 'نأمل أنك', 'لديك وصول', 'جديد على', 'قام شخص', 'تتحدث هذه الصفحة', 'امسح الرمز للطلب', 'اتصل على'];
    expect(forbiddenWords(glossary)).toEqual(expect.arrayContaining([...rivals, ...calques]));
    expect(arabic.length).toBeGreaterThan(500);
  });

  it('uses none of them', () => {
    const found = arabic.flatMap(([key, text]) => forbiddenWords(glossary).filter((word) => text.includes(word)).map((word) => `${key}: ${word}`));
    expect(found).toEqual([]);
  });
});
