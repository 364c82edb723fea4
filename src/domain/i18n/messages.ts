/**
 * Error and field-validation messages: the server answers in the request's language, the web words
 * the codes it receives. Their texts are errors.json and fields.json of ./<lang>/, checked with every
 * other catalogue; these functions take the language's catalogues rather than importing them, so the
 * web loads only its language's (src/web/ui/messages.ts) and the server all (platform/i18n.ts).
 */
import type { Lang } from '../error-codes';
import { fill } from './fill';

/** A language's errors.json (by error code) and fields.json (by field code), and the language they fill in. */
export interface Messages {
  lang: Lang;
  errors: Readonly<Record<string, string>>;
  fields: Readonly<Record<string, string>>;
}

/** Message for an error code; one no catalogue words yet reads as `unprocessable`. */
export function errorMessage(messages: Messages, code: string, params?: Record<string, unknown>): string {
  return fill(messages.lang, messages.errors[code] ?? messages.errors.unprocessable ?? code, params);
}

/** Message for a field code; one no catalogue words yet reads as `custom` ("Invalid value."). */
export function fieldMessage(messages: Messages, code: string, params?: Record<string, unknown>): string {
  return fill(messages.lang, messages.fields[code] ?? messages.fields.custom ?? code, params);
}
