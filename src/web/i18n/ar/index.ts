/**
 * The language's catalogues the app loads at start-up, in one file (one request rather than one per
 * namespace; decision 015). The catalogues live in src/domain/i18n/<lang>/, shared with the server.
 * Home's load with their screen, the customer page's with its own entry, the Team section's own
 * (team-section.json) and the Tax and tips section's (money-settings.json) with their sections; the server's own (mail, csv, storefront-page) never reach the
 * browser.
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../domain/i18n/ar/*.json',
    '!../../../domain/i18n/ar/home.json',
    '!../../../domain/i18n/ar/storefront.json',
    '!../../../domain/i18n/ar/team-section.json',
    '!../../../domain/i18n/ar/money-settings.json',
    '!../../../domain/i18n/ar/mail.json',
    '!../../../domain/i18n/ar/csv.json',
    '!../../../domain/i18n/ar/storefront-page.json',
    '!../../../domain/i18n/ar/stops.json',
    '!../../../domain/i18n/ar/customer-messages.json',
    '!../../../domain/i18n/ar/promotions.json',
  ],
  { eager: true, import: 'default' },
);
