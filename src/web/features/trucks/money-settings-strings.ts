/**
 * The words only the Tax and tips section of /truck-info shows come with the section, not with the
 * start-up catalogues (i18n/<lang>/index.ts leaves money-settings.json out), as the Team section's do.
 */
import i18next from 'i18next';
import ar from '@domain/i18n/ar/money-settings.json';
import en from '@domain/i18n/en/money-settings.json';

export const MONEY_SETTINGS_NS = 'money-settings';

export function addMoneySettingsStrings(): void {
  for (const [lang, strings] of Object.entries({ en, ar })) {
    if (!i18next.hasResourceBundle(lang, MONEY_SETTINGS_NS)) i18next.addResourceBundle(lang, MONEY_SETTINGS_NS, strings);
  }
}
