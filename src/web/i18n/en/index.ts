/**
 * The language's catalogues the app loads at start-up, in one file (one request rather than one per
 * namespace; decision 015). Home's load with their screen, the customer page's with its own entry,
 * the Team section's own (team-section.json) with the section.
 */
export default import.meta.glob<Record<string, unknown>>(['./*.json', '!./home.json', '!./storefront.json', '!./team-section.json'], { eager: true, import: 'default' });
