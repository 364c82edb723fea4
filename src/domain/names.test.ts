import { describe, expect, it } from 'vitest';
import { descriptionIn, inLanguage, nameIn } from './names';

describe('names in a language', () => {
  it('gives the wanted language, else the other, and says which', () => {
    expect(nameIn({ nameEn: 'Tea', nameAr: 'شاي' }, 'ar')).toBe('شاي');
    expect(nameIn({ nameEn: 'Tea', nameAr: '' }, 'ar')).toBe('Tea');
    expect(nameIn({ nameEn: '', nameAr: 'شاي' }, 'en')).toBe('شاي');
    expect(inLanguage({ nameEn: '', nameAr: 'شاي' }, 'en')).toEqual({ text: 'شاي', lang: 'ar' });
    expect(descriptionIn({ descriptionEn: '', descriptionAr: 'حار' }, 'en')).toBe('حار');
  });
});
