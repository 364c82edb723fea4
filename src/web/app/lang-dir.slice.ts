/** The seed's `lang_dir` slice (docs/product.md §6.3): UI language and its writing direction, persisted. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord, readJson, STORAGE_KEYS } from './storage';

export type LangDir = { lang: 'en'; dir: 'ltr' } | { lang: 'ar'; dir: 'rtl' };
export type UiLang = LangDir['lang'];

export function isLangDir(value: unknown): value is LangDir {
  return isRecord(value) && ((value.lang === 'en' && value.dir === 'ltr') || (value.lang === 'ar' && value.dir === 'rtl'));
}

export const DEFAULT_LANG_DIR: LangDir = { lang: 'en', dir: 'ltr' };

export function langDirFor(lang: UiLang): LangDir {
  return lang === 'ar' ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' };
}

export const loadLangDir = (): LangDir => readJson(STORAGE_KEYS.langDir, isLangDir, DEFAULT_LANG_DIR);

export const langDirSlice = createSlice({
  name: 'lang_dir',
  initialState: loadLangDir,
  reducers: {
    setLanguage: (_state, action: PayloadAction<UiLang>) => langDirFor(action.payload),
  },
});

export const { setLanguage } = langDirSlice.actions;
