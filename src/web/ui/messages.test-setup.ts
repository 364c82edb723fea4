/**
 * Web tests word errors without always starting i18next (a form's rules, a draft's checks), so both
 * languages' messages are handed to ui/messages.ts before each file, as initI18n does in the app.
 */
import arErrors from '@domain/i18n/ar/errors.json';
import arFields from '@domain/i18n/ar/fields.json';
import enErrors from '@domain/i18n/en/errors.json';
import enFields from '@domain/i18n/en/fields.json';
import { setMessages } from './messages';

setMessages('en', { errors: enErrors, fields: enFields });
setMessages('ar', { errors: arErrors, fields: arFields });
