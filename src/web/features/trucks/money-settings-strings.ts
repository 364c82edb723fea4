/**
 * The words only the Tax and tips section of /truck-info shows come with the section, not with the
 * start-up catalogues (i18n/<lang>/index.ts leaves money-settings.json out), as the Team section's do.
 */
import ar from '@domain/i18n/ar/money-settings.json';
import en from '@domain/i18n/en/money-settings.json';
import { addSectionStrings } from '../../i18n/namespaces';

export const MONEY_SETTINGS_NS = 'money-settings';

export function addMoneySettingsStrings(): void {
  addSectionStrings(MONEY_SETTINGS_NS, { en, ar });
}
