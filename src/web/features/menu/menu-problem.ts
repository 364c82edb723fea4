/**
 * The API's answer to a failed menu call, read by code: field errors go onto the editor's fields,
 * anything else becomes a toast in the interface's language (the client never shows server text).
 */
import type { Lang } from '@domain/errors';
import i18next from 'i18next';
import { toast } from 'react-toastify/unstyled';
import { problemMessage, problemOf } from '../../ui/api-problem';

export function toastProblem(error: unknown, lang: Lang): void {
  toast.error(problemMessage(problemOf(error), lang, i18next.t('menu:unexpected')));
}
