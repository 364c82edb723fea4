/**
 * Whether this process is going away. main.ts marks it draining on SIGTERM/SIGINT, before it stops
 * accepting connections: readiness turns false so a load balancer sends new requests elsewhere while
 * the ones under way finish. Closing the app marks it too.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    } satisfies Lifecycle);
    app.addHook('preClose', async () => {
      draining = true;
    });
  },
  { name: 'lifecycle' },
);
