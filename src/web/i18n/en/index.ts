/**
 * The language's catalogues the app loads at start-up, in one file (one request rather than one per
 * namespace; decision 015). Home's load with their screen, the customer page's with its own entry.
 */
export default import.meta.glob<Record<string, unknown>>(['./*.json', '!./home.json', '!./storefront.json'], { eager: true, import: 'default' });
