/**
 * Error and field messages in the interface's language. The language's catalogues (errors.json and
 * fields.json of src/domain/i18n/<lang>/) arrive with its start-up set (i18n/<lang>/index.ts), so
 * only one language's are ever loaded; initI18n hands them here. Same signatures as before the
 * catalogues moved, so screens pass the language as they always did.
 */
import type { Lang } from '@domain/errors';
import { errorMessage as worded, fieldMessage as fieldWorded, type Messages } from '@domain/i18n/messages';
import { issuesToFields as fieldsOf } from '@domain/validation';

const loaded: Partial<Record<Lang, Messages>> = {};

export function setMessages(lang: Lang, messages: Omit<Messages, 'lang'>): void {
  loaded[lang] = { ...messages, lang };
}

function messagesIn(lang: Lang): Messages {
  const messages = loaded[lang];
  if (!messages) throw new Error(`The ${lang} messages are not loaded (initI18n loads them)`);
  return messages;
}

export function errorMessage(lang: Lang, code: string, params?: Record<string, unknown>): string {
  return worded(messagesIn(lang), code, params);
}

export function fieldMessage(lang: Lang, code: string, params?: Record<string, unknown>): string {
  return fieldWorded(messagesIn(lang), code, params);
}

export function issuesToFields(issues: Parameters<typeof fieldsOf>[0], lang: Lang): ReturnType<typeof fieldsOf> {
  return fieldsOf(issues, messagesIn(lang));
}
