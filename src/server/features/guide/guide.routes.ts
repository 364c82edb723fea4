/**
 * GET /guide/{en|ar}: the user guide served by the app (the settings drawer's documentation link),
 * and GET /guide/screenshots/{file}.png: the screenshots it shows (docs/screenshots/, taken by the
 * browser tests). /guide alone goes to the English guide.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../platform/errors';
import { renderGuide, SCREENSHOTS_DIR } from './guide.page';

const LangParams = z.object({ lang: z.enum(['en', 'ar']) });
const ScreenshotParams = z.object({ file: z.string().regex(/^[\w-]+\.png$/) });

export async function guideRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/guide', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/guide/en'));

  app.get('/guide/:lang', { schema: { hide: true, params: LangParams } }, async (request, reply) => {
    const page = renderGuide(request.params.lang);
    if (!page) return sendError(request, reply, 404, 'route_not_found');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  });

  app.get('/guide/screenshots/:file', { schema: { hide: true, params: ScreenshotParams } }, async (request, reply) => {
    const file = path.join(SCREENSHOTS_DIR, request.params.file);
    if (!existsSync(file)) return sendError(request, reply, 404, 'route_not_found');
    return reply.header('cache-control', 'no-cache').type('image/png').send(readFileSync(file));
  });
}
