/**
 * The language's catalogues the app loads at start-up, in one file (one request rather than one per
 * namespace; decision 015): what the shell and every screen say. The catalogues live in
 * src/domain/i18n/<lang>/, shared with the server. A screen's own load with it (i18n/namespaces.ts),
 * a section's own with the section (team-section, money-settings), the customer page's with its own
 * entry; the server's own (mail, csv, storefront-page, customer-messages) never reach the browser.
 */
export default import.meta.glob<Record<string, unknown>>(
  [
    '../../../domain/i18n/en/accounts.json',
    '../../../domain/i18n/en/common.json',
    '../../../domain/i18n/en/errors.json',
    '../../../domain/i18n/en/fields.json',
    '../../../domain/i18n/en/orders.json',
    '../../../domain/i18n/en/shell.json',
    '../../../domain/i18n/en/team.json',
    '../../../domain/i18n/en/trucks.json',
  ],
  { eager: true, import: 'default' },
);
