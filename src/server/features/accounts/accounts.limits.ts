/**
 * Abuse limits for the account routes, per IP and per email (or per user). Every limiter counts
 * the request, so one address cannot spread guesses over many IPs nor one IP over many addresses.
 * The counters live in PostgreSQL (platform/rate-limit-store.ts), shared by every app process.
 */
import type { FastifyRequest } from 'fastify';
import type { LimitRule } from '../../platform/rate-limits';

type KeyOf = (request: FastifyRequest) => string;

export const byIp: KeyOf = (request) => `ip:${request.ip}`;
export const byEmail: KeyOf = (request) => `email:${(request.body as { email: string }).email}`;
export const byUser: KeyOf = (request) => `user:${request.caller?.userId ?? request.ip}`;

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
