import { HealthSchema } from '@domain/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and a database round trip',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      const { database } = app;
      const started = performance.now();
      try {
        await database.ping();
        const roundTripMs = Math.round((performance.now() - started) * 100) / 100;
        return { status: 'ok' as const, database: { kind: database.kind, ok: true, roundTripMs } };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: { kind: database.kind, ok: false } });
      }
    },
  );
}
