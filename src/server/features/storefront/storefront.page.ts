/**
 * The HTML of the customer's truck page, filled on the server so a shared link previews properly and
 * search engines read the truck and its menu: <html lang dir>, <title>, description, Open Graph and
 * a schema.org FoodEstablishment block, plus the page's data (so the first paint needs no API call).
 * The built storefront.html is the template; without a build a minimal one stands in (API tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '@domain/errors';
import { detailSeparator } from '@domain/locale';
import { fromMinor } from '@domain/money';
import { descriptionIn, nameIn } from '@domain/names';
import { serverText } from '../../platform/i18n';
import type { StorefrontPage } from './storefront.service';
import { stopEvents } from './stops.page';

const FALLBACK_TEMPLATE =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" /><title>TruckDesk</title><!--storefront-head--></head><body><div id="root"></div><!--storefront-data--></body></html>';

export function readStorefrontTemplate(webDist: string): string {
  const file = path.join(webDist, 'storefront.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_TEMPLATE;
}

const text = (lang: Lang, key: string) => serverText(lang, `storefront-page:${key}`);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script> block: "</script>" or "<!--" in a truck's text must not end or bend it. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function withLanguage(template: string, lang: Lang): string {
  return template.replace(/<html[^>]*>/, `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
}

/** schema.org FoodEstablishment with its menu and its coming stops (an Event at its Place each), in the page's language. */
export function foodEstablishment(page: StorefrontPage, lang: Lang, url: string, image: string | null, now = new Date()): Record<string, unknown> {
  const { truck, menu } = page;
  const events = stopEvents(truck, page.week, lang, url, now);
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishment',
    name: nameIn(truck, lang),
    ...(descriptionIn(truck, lang) ? { description: descriptionIn(truck, lang) } : {}),
    url,
    ...(image ? { image } : {}),
    ...(truck.phone ? { telephone: truck.phone } : {}),
    servesCuisine: truck.cuisines,
    currenciesAccepted: truck.currency,
    ...(truck.spot
      ? { address: { '@type': 'PostalAddress', streetAddress: truck.spot.address }, geo: { '@type': 'GeoCoordinates', latitude: truck.spot.lat, longitude: truck.spot.lng } }
      : {}),
    ...(menu
      ? {
          hasMenu: {
            '@type': 'Menu',
            hasMenuSection: menu.categories.map((category) => ({
              '@type': 'MenuSection',
              name: nameIn(category, lang),
              hasMenuItem: category.items.map((item) => ({
                '@type': 'MenuItem',
                name: nameIn(item, lang),
                ...(descriptionIn(item, lang) ? { description: descriptionIn(item, lang) } : {}),
                offers: { '@type': 'Offer', price: fromMinor(item.priceMinor, truck.currency), priceCurrency: truck.currency },
              })),
            })),
          },
        }
      : {}),
    ...(events.length > 0 ? { event: events } : {}),
  };
}

export interface RenderContext {
  lang: Lang;
  publicUrl: string;
  /** The path asked for: the truck's page or one of its orders (never indexed). */
  path: string;
  isOrder: boolean;
}

export function renderStorefront(template: string, page: StorefrontPage, context: RenderContext): string {
  const { lang, publicUrl, isOrder } = context;
  const { truck } = page;
  const name = nameIn(truck, lang);
  const url = `${publicUrl}/t/${encodeURIComponent(truck.slug)}`;
  const imagePath = truck.logoUrl ?? truck.photoUrl;
  const image = imagePath ? `${publicUrl}${imagePath}` : null;
  const separator = detailSeparator(lang);
  const description = descriptionIn(truck, lang) || `${name}${separator}${text(lang, 'order')}`;
  const title = isOrder ? `${text(lang, 'orderTitle')}${separator}${name}` : `${name}${separator}${text(lang, 'order')}`;
  const head = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(isOrder || truck.notTrading === 'not_approved' ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${lang === 'ar' ? 'ar_AR' : 'en_US'}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`, '<meta name="twitter:card" content="summary" />'] : []),
    `<script type="application/ld+json">${scriptJson(JSON.stringify(foodEstablishment(page, lang, url, image)))}</script>`,
  ].join('\n    ');
  const data = `{"truck":${JSON.stringify(page.truck)},"menu":${page.menuJson ?? 'null'},"availability":${JSON.stringify(page.availability)},"week":${JSON.stringify(page.week)}}`;
  // Function replacers: a replacement string would read "$&" or "$'" in a truck's name as a pattern.
  return withLanguage(template, lang)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('<!--storefront-head-->', () => head)
    .replace('<!--storefront-data-->', () => `<script type="application/json" id="storefront-data">${scriptJson(data)}</script>`);
}

/** A real 404 page for a slug nobody has: plain HTML, no script, both languages' words in the asked one. */
export function renderNotFound(lang: Lang): string {
  const words = { notFoundTitle: text(lang, 'notFoundTitle'), notFound: text(lang, 'notFound') };
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>${escapeHtml(words.notFoundTitle)}</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 24px;max-width:32rem;margin-inline:auto;color:#1b1b1b}h1{color:#2e7d32}</style></head><body><main><h1>${escapeHtml(words.notFoundTitle)}</h1><p>${escapeHtml(words.notFound)}</p></main></body></html>`;
}
