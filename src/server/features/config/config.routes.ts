/** GET /api/v1/config: the public part of the configuration (the map tiles and their attribution). */
import { PublicConfigSchema } from '@domain/config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function configRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/config',
    { schema: { tags: ['config'], summary: 'Public configuration for the web app', response: { 200: PublicConfigSchema } } },
    async () => ({ tileUrl: instance.config.tileUrl ?? null, tileAttribution: instance.config.tileAttribution ?? null }),
  );
}
