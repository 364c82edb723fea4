/**
 * The customer's truck page: the HTML of /t/{slug} and /t/{slug}/orders/{publicId}, filled on the
 * server (storefront.page.ts), a real 404 for an unknown slug, and the page's truck data as JSON.
 * Menu, availability, placing and following an order are the menu, hours and orders features' routes.
 */
import type { Lang } from '@domain/errors';
import { StorefrontTruckSchema } from '@domain/storefront';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageFromHeader } from '../../platform/i18n';
import { truckNotFound } from '../../platform/truck-access';
import { TruckSlugParams } from '../../platform/truck-routes';
import { readStorefrontTemplate, renderNotFound, renderStorefront } from './storefront.page';
import { createStorefrontService } from './storefront.service';

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
  app.get('/t/:slug/orders/:publicId', { schema: { ...html, params: TruckSlugParams.extend({ publicId: z.string().max(64) }) } }, async (request, reply) => {
    const { lang, html: body } = await servePage(request, request.params.slug, true);
    reply.header('cache-control', 'no-store').header('vary', 'accept-language, cookie').type('text/html; charset=utf-8');
    return body ? reply.send(body) : reply.status(404).send(renderNotFound(lang));
  });
}
