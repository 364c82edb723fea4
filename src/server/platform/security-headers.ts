/**
 * Helmet's security headers on every reply. The middleware is built once: `@fastify/helmet` builds
 * it again for every request (parsing the Content-Security-Policy each time), a cost every request paid.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
