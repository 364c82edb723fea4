import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LANG_DIR, langDirFor, langDirSlice, loadLangDir, setLanguage } from './lang-dir.slice';

afterEach(() => localStorage.clear());

describe('lang_dir slice', () => {
  it('starts in English, left to right', () => {
    expect(langDirSlice.reducer(undefined, { type: 'init' })).toEqual({ lang: 'en', dir: 'ltr' });
    expect(DEFAULT_LANG_DIR).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it('pairs each language with its direction', () => {
    expect(langDirSlice.reducer(DEFAULT_LANG_DIR, setLanguage('ar'))).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(langDirSlice.reducer({ lang: 'ar', dir: 'rtl' }, setLanguage('en'))).toEqual({ lang: 'en', dir: 'ltr' });
    expect(langDirFor('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it('starts from the saved language', () => {
    localStorage.setItem('lang_dir', JSON.stringify({ lang: 'ar', dir: 'rtl' }));
    expect(loadLangDir()).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it.each([['{not json'], ['"ar"'], [JSON.stringify({ lang: 'ar', dir: 'ltr' })], [JSON.stringify({ lang: 'fr', dir: 'ltr' })]])(
    'falls back to English on a corrupt saved value %s',
    (raw) => {
      localStorage.setItem('lang_dir', raw);
      expect(loadLangDir()).toEqual(DEFAULT_LANG_DIR);
    },
  );
});
