/**
 * Who is calling: verifies the bearer JWT (HS256 only: `alg: none`, other algorithms, a wrong key,
 * tampered claims and expiry are refused), then checks that its session is still open and its token
 * version current (one query, kept in the read cache until the session or the user changes).
 * Features guard routes with `requireUser` / `requireRole(...)` preHandlers and read the caller
 * with `authOf(request)`.
 */
import { isRole, type Role } from '@domain/access';
import { TOKEN_TTL_SECONDS } from '@domain/session';
import { DomainError } from '@domain/errors';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { sessions, users } from '../db/schema';

export interface Caller {
  userId: string;
  sessionId: string;
  roles: Role[];
  tokenVersion: number;
  sessionExpiresAt: Date;
}

export interface TokenGrant {
  userId: string;
  sessionId: string;
  roles: readonly string[];
  tokenVersion: number;
  sessionExpiresAt: Date;
}

export interface Tokens {
  /** A signed token for the session, expiring in an hour or when the session does, whichever is first. */
  issue(grant: TokenGrant, now?: Date): Promise<{ token: string; expiresAt: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
    verifyCaller(request: FastifyRequest): Promise<Caller>;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const ALGORITHM = 'HS256';

const ClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  tv: z.number().int(),
  roles: z.array(z.string()),
  exp: z.number(),
});

const unauthorized = (code: string) => new DomainError(code, 401);

type Claims = z.infer<typeof ClaimsSchema>;

/** Tokens whose signature already checked out: a signature stays valid, so only expiry is checked again. */
const VERIFIED_TOKENS_MAX = 10_000;

interface SessionState {
  roles: string[];
  tokenVersion: number;
  revokedAt: Date | null;
  expiresAt: Date;
}

/** What a token names: its user, session and the token version it was issued under. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
  tokenVersion: number;
}

/**
 * The caller of a token's claims while its session is open and its version current, else 401
 * session_ended: what every request checks, and what a live stream checks again (events.routes.ts).
 */
export async function sessionCaller(server: FastifyInstance, { userId, sessionId, tokenVersion }: SessionClaims): Promise<Caller> {
  const { db } = server.database;
  // Kept until the session or its user changes (read-cache.ts): sign-out, a new password and a
  // change of roles reach every process at once.
  const row = await server.readCache.remember<SessionState>(`session:${sessionId}:${userId}`, [`session:${sessionId}`, `user:${userId}`], async () => {
    const [found] = await db
      .select({
        roles: users.roles,
        tokenVersion: users.tokenVersion,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    return found;
  });
  if (!row || row.revokedAt || row.expiresAt <= new Date() || row.tokenVersion !== tokenVersion) {
    throw unauthorized('session_ended');
  }
  return {
    userId,
    sessionId,
    // The database, not the token, is the source of roles: an approval or removal counts at once.
    roles: row.roles.filter(isRole),
    tokenVersion: row.tokenVersion,
    sessionExpiresAt: row.expiresAt,
  };
}

function createVerifier(key: Uint8Array) {
  const verified = new Map<string, Claims>();

  async function claimsOf(token: string): Promise<Claims> {
    const known = verified.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) throw unauthorized('token_expired');
      return known;
    }
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] }));
    } catch (error) {
      throw unauthorized(error instanceof joseErrors.JWTExpired ? 'token_expired' : 'token_invalid');
    }
    const claims = ClaimsSchema.safeParse(payload);
    if (!claims.success) throw unauthorized('token_invalid');
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims.data);
    return claims.data;
  }

  return async function verify(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/);
    if (!header) throw unauthorized('unauthorized');
    if (!match?.[1]) throw unauthorized('token_invalid');
    const claims = await claimsOf(match[1]);

    return sessionCaller(request.server, { userId: claims.sub, sessionId: claims.sid, tokenVersion: claims.tv });
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const key = new TextEncoder().encode(app.config.jwtSecret);
    app.decorateRequest('caller', null);
    app.decorate('tokens', {
      async issue(grant: TokenGrant, now = new Date()) {
        const issuedAt = Math.floor(now.getTime() / 1000);
        const expiresAt = Math.min(issuedAt + TOKEN_TTL_SECONDS, Math.floor(grant.sessionExpiresAt.getTime() / 1000));
        const token = await new SignJWT({ sid: grant.sessionId, tv: grant.tokenVersion, roles: [...grant.roles] })
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
          .setSubject(grant.userId)
          .setIssuedAt(issuedAt)
          .setExpirationTime(expiresAt)
          .sign(key);
        return { token, expiresAt };
      },
    });
    app.decorate('verifyCaller', createVerifier(key));
  },
  { name: 'auth', dependencies: ['database', 'read-cache'] },
);

/** preHandler: the request must carry a valid token of an open session. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  request.caller = await request.server.verifyCaller(request);
}

const roleGuards = new WeakSet<object>();

/** preHandler: as requireUser, and the caller must hold one of the roles. */
export function requireRole(...roles: Role[]) {
  const handler = async function requireRoleHandler(request: FastifyRequest): Promise<void> {
    await requireUser(request);
    if (!request.caller?.roles.some((role) => roles.includes(role))) throw new DomainError('forbidden', 403);
  };
  roleGuards.add(handler);
  return handler;
}

/** Whether a route hook is requireRole's (its route may answer 403: the OpenAPI document says so). */
export const isRoleGuard = (hook: unknown): boolean => typeof hook === 'function' && roleGuards.has(hook);

/** The caller of a route guarded by requireUser/requireRole. */
export function authOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('unauthorized');
  return request.caller;
}
