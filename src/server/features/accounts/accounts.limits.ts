/**
 * Abuse limits for the account routes, per IP and per email (or per user). Every limiter counts
 * the request, so one address cannot spread guesses over many IPs nor one IP over many addresses.
 * The counters live in this process's memory (@fastify/rate-limit's local store).
 */
import { DomainError } from '@domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type KeyOf = (request: FastifyRequest) => string;

export const byIp: KeyOf = (request) => `ip:${request.ip}`;
export const byEmail: KeyOf = (request) => `email:${(request.body as { email: string }).email}`;
export const byUser: KeyOf = (request) => `user:${request.caller?.userId ?? request.ip}`;

interface LimitRule {
  max: number;
  /** Milliseconds. */
  window: number;
  key: KeyOf;
}

const MINUTE = 60_000;

export const LIMITS = {
  signIn: [
    { max: 30, window: 15 * MINUTE, key: byIp },
    { max: 10, window: 15 * MINUTE, key: byEmail },
  ],
  signUp: [
    { max: 10, window: 60 * MINUTE, key: byIp },
    { max: 5, window: 60 * MINUTE, key: byEmail },
  ],
  forgotPassword: [
    { max: 10, window: 60 * MINUTE, key: byIp },
    { max: 3, window: 60 * MINUTE, key: byEmail },
  ],
  resetPassword: [{ max: 20, window: 60 * MINUTE, key: byIp }],
  changePassword: [{ max: 10, window: 15 * MINUTE, key: byUser }],
} satisfies Record<string, LimitRule[]>;

/** A preHandler refusing with 429 and Retry-After once any of the rules is exceeded. */
export function rateLimited(app: FastifyInstance, rules: LimitRule[]) {
  const limiters = rules.map((rule) =>
    app.createRateLimit({ max: rule.max, timeWindow: rule.window, keyGenerator: rule.key }),
  );
  return async function rateLimitHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
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
}
