/**
 * Abuse limits as a preHandler: every rule counts the request (so one key cannot spread attempts over
 * another), and once any is exceeded the answer is 429 with Retry-After. The counters live in PostgreSQL
 * (rate-limit-store.ts), shared by every app process.
 */
import { DomainError } from '@domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface LimitRule {
  max: number;
  /** Milliseconds. */
  window: number;
  key: (request: FastifyRequest) => string;
}

const limitHandlers = new WeakSet<object>();

/**
 * A preHandler refusing with 429 and Retry-After once any of the rules is exceeded. The counters are
 * shared by every limit of every process: `namespace` keeps limits whose keys look alike apart.
 */
export function rateLimited(app: FastifyInstance, rules: LimitRule[], namespace = '') {
  const limiters = rules.map((rule) =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.window, keyGenerator: (request) => `${namespace}:${rule.key(request)}` }),
  );
  const handler = async function rateLimitHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let retryAfter = 0;
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds);
    }
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      throw new DomainError('rate_limited', 429, { retryAfter });
    }
  };
  limitHandlers.add(handler);
  return handler;
}

/** Whether a route hook is a rateLimited one (its route may answer 429: the OpenAPI document says so). */
export const isRateLimit = (hook: unknown): boolean => typeof hook === 'function' && limitHandlers.has(hook);

/** The public intakes (orders, bookings, a quote's link): bursts from one address, counted per feature across processes. */
export const intakeRateLimit = (app: FastifyInstance, namespace: string) =>
  rateLimited(app, [{ max: 60, window: 60_000, key: (request) => request.ip }], namespace);
