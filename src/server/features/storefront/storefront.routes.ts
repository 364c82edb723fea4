/**
 * The customer's truck page: the HTML of /t/{slug} and /t/{slug}/orders/{publicId}, filled on the
 * server (storefront.page.ts), a real 404 for an unknown slug, and the page's truck data as JSON.
 * Menu, availability, placing and following an order are the menu, hours and orders features' routes.
 */
import type { Lang } from '@domain/errors';
import { StopWeekSchema } from '@domain/hours';
import { StorefrontTruckSchema } from '@domain/storefront';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageFromHeader } from '../../platform/i18n';
import { truckNotFound } from '../../platform/truck-access';
import { TruckSlugParams } from '../../platform/truck-routes';
import { readStorefrontTemplate, renderNotFound, renderStorefront } from './storefront.page';
import { createStorefrontService } from './storefront.service';
import { renderWidget, stopsCalendar } from './stops.page';

/** The language the visitor picked on the page (a cookie, so the server can answer in it), else the browser's. */
export const LANG_COOKIE = 'td_lang';

function pageLanguage(request: FastifyRequest): Lang {
  const asked = (request.query as { lang?: string } | undefined)?.lang;
  if (asked === 'ar' || asked === 'en') return asked;
  const cookie = /(?:^|;\s*)td_lang=(en|ar)\b/.exec(request.headers.cookie ?? '')?.[1];
  if (cookie === 'ar' || cookie === 'en') return cookie;
  return languageFromHeader(request.headers['accept-language']);
}

const PageQuery = z.object({ lang: z.enum(['en', 'ar']).optional() });

/** The widget sits in an <iframe> on any site: it runs no script, so framing it risks nothing. */
const WIDGET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors *; base-uri 'none'; form-action 'none'";

export async function storefrontRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const storefront = createStorefrontService(instance);
  const template = readStorefrontTemplate(instance.config.webDist);

  app.get(
    '/api/v1/public/trucks/:slug',
    {
      schema: {
        tags: ['storefront'],
        summary: "What the truck's public page shows of it: names, description, cuisines, phone, logo and photo, where it stands, whether it takes bookings, and why it takes no orders if so",
        params: TruckSlugParams,
        response: { 200: StorefrontTruckSchema },
      },
    },
    async (request, reply) => {
      const page = await storefront.page(request.params.slug);
      if (!page) throw truckNotFound();
      reply.header('cache-control', 'no-cache');
      return page.truck;
    },
  );

  app.get(
    '/api/v1/public/trucks/:slug/week',
    {
      schema: {
        tags: ['storefront'],
        summary: "The truck's coming seven days from its today: each day's shifts with where it parks (the shift's spot, else its base), and whether the day is regular, special (an exception with its own shifts) or closed",
        params: TruckSlugParams,
        response: { 200: StopWeekSchema },
      },
    },
    async (request, reply) => {
      const page = await storefront.page(request.params.slug);
      if (!page) throw truckNotFound();
      reply.header('cache-control', 'no-cache');
      return page.week;
    },
  );

  app.get(
    '/api/v1/public/trucks/:slug/stops.ics',
    {
      schema: {
        tags: ['storefront'],
        summary: "The truck's public calendar feed (text/calendar, iCalendar): its stops of the coming week, each with its place, for a phone's calendar to subscribe to; `lang` picks the words",
        params: TruckSlugParams,
        querystring: PageQuery,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const page = await storefront.page(request.params.slug);
      if (!page) throw truckNotFound();
      const lang = request.query.lang ?? languageFromHeader(request.headers['accept-language']);
      const url = `${instance.config.publicUrl}/t/${encodeURIComponent(page.truck.slug)}`;
      const body = stopsCalendar({ ...page.truck, id: page.truckId }, page.week, lang, url, new Date());
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'public, max-age=900').send(body);
    },
  );

  async function servePage(request: FastifyRequest, slug: string, isOrder: boolean) {
    const lang = pageLanguage(request);
    const page = await storefront.page(slug);
    return { lang, page, html: page && renderStorefront(template, page, { lang, publicUrl: instance.config.publicUrl, path: request.url, isOrder }) };
  }

  const html = { hide: true, params: TruckSlugParams, querystring: PageQuery };
  app.get('/t/:slug', { schema: html }, async (request, reply) => {
    const { lang, html: body } = await servePage(request, request.params.slug, false);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-language, cookie').type('text/html; charset=utf-8');
    return body ? reply.send(body) : reply.status(404).send(renderNotFound(lang));
  });
  app.get('/t/:slug/widget', { schema: html }, async (request, reply) => {
    const lang = pageLanguage(request);
    const page = await storefront.page(request.params.slug);
    reply.header('cache-control', 'public, max-age=300').header('vary', 'accept-language, cookie').type('text/html; charset=utf-8');
    if (!page) return reply.status(404).send(renderNotFound(lang));
    // Helmet said "same origin only" on every reply; this page is made to be framed elsewhere.
    reply.raw.removeHeader('x-frame-options');
    reply.raw.setHeader('content-security-policy', WIDGET_POLICY);
    const url = `${instance.config.publicUrl}/t/${encodeURIComponent(page.truck.slug)}`;
    return reply.send(renderWidget(page.truck, page.week, lang, url, new Date()));
  });
  app.get('/t/:slug/orders/:publicId', { schema: { ...html, params: TruckSlugParams.extend({ publicId: z.string().max(64) }) } }, async (request, reply) => {
    const { lang, html: body } = await servePage(request, request.params.slug, true);
    reply.header('cache-control', 'no-store').header('vary', 'accept-language, cookie').type('text/html; charset=utf-8');
    return body ? reply.send(body) : reply.status(404).send(renderNotFound(lang));
  });
}
