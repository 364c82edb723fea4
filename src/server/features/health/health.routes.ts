import { LivenessSchema, ReadinessSchema, HealthSchema, type Readiness } from '@domain/health';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function healthRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  async function readiness(request: FastifyRequest): Promise<Readiness> {
    const { database } = instance;
    if (instance.lifecycle.draining) return { status: 'unavailable', ready: false, reason: 'shutting_down', database: { kind: database.kind, ok: true } };
    const started = performance.now();
    try {
      await database.ping();
      const roundTripMs = Math.round((performance.now() - started) * 100) / 100;
      return { status: 'ok', ready: true, database: { kind: database.kind, ok: true, roundTripMs } };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return { status: 'unavailable', ready: false, reason: 'database_unreachable', database: { kind: database.kind, ok: false } };
    }
  }

  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness with a database round trip (the same answer as /health/ready, in the original shape)',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      const { status, database } = await readiness(request);
      return reply.status(status === 'ok' ? 200 : 503).send({ status, database });
    },
  );

  app.get(
    '/health/live',
    { schema: { tags: ['platform'], summary: 'Liveness: 200 while the process answers at all (no database involved)', response: { 200: LivenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 200 when this process can serve (its database answers), 503 while the database is unreachable or the process shuts down',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const answer = await readiness(request);
      return reply.status(answer.ready ? 200 : 503).send(answer);
    },
  );
}
