/**
 * Accounts: sign-up, sign-in, sessions, password change and reset, profile and avatar.
 * Every session is a row (so one can end alone) and every token names its session and the user's
 * token version (so a password change or "sign out everywhere" ends all of them at once).
 */
import { createHash, randomBytes } from 'node:crypto';
import { accessListFor, isRole } from '@domain/access';
import type { ChangePassword, ForgotPassword, Me, ResetPassword, Session, SignIn, SignUp, UpdateProfile, User } from '@domain/accounts';
import { DomainError, type Lang } from '@domain/errors';
import { MAX_SESSION_AGE_SECONDS } from '@domain/session';
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResets, sessions, users } from '../../db/schema';
import type { Caller } from '../../platform/auth';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '../../platform/passwords';
import { truckMembershipsOf } from '../../platform/truck-access';
import { passwordResetMail, signUpAttemptMail } from './accounts.mail';
import { avatarUrl, normalizeAvatar, removeAvatar, saveAvatar } from './avatar';

export const RESET_LINK_MINUTES = 30;

type UserRow = typeof users.$inferSelect;

const invalidCredentials = () => new DomainError('invalid_credentials', 401);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    language: row.language,
    avatarUrl: avatarUrl(row.avatarPath),
    roles: row.roles.filter(isRole),
  };
}

export function createAccountsService(app: FastifyInstance) {
  const { db } = app.database;

  async function findUser(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    // The session was checked a moment ago; a user deleted since is signed out.
    if (!row) throw new DomainError('session_ended', 401);
    return row;
  }

  async function sessionFor(row: UserRow, sessionId: string, sessionExpiresAt: Date): Promise<Session> {
    const { token, expiresAt } = await app.tokens.issue({
      userId: row.id,
      sessionId,
      roles: row.roles,
      tokenVersion: row.tokenVersion,
      sessionExpiresAt,
    });
    return { token, expiresAt, user: toUser(row), accessList: accessListFor(row.roles, await truckMembershipsOf(db, row.id)) };
  }

  async function openSession(row: UserRow): Promise<Session> {
    const now = new Date();
    // Housekeeping on the user's own rows: ended sessions are of no further use.
    await db.delete(sessions).where(and(eq(sessions.userId, row.id), or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt))));
    const expiresAt = new Date(now.getTime() + MAX_SESSION_AGE_SECONDS * 1000);
    const [session] = await db.insert(sessions).values({ userId: row.id, expiresAt }).returning({ id: sessions.id });
    return sessionFor(row, session!.id, expiresAt);
  }

  return {
    /**
     * The same answer, in about the same time, whether the address is new or taken, so sign-up cannot
     * tell anyone which addresses have accounts: both pay the password hash and one insert. A new
     * address gets its account (the client then signs in); the owner of a taken one gets a mail
     * saying someone tried, and nothing changes.
     */
    async signUp(input: SignUp, requestLang: Lang): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(users)
        .values({ email: input.email, passwordHash, language: input.language ?? requestLang })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (row) return;
      void db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`)
        .then(([owner]) => owner && app.mail.send(signUpAttemptMail(owner.email, owner.language, app.config.publicUrl)))
        .catch((error: unknown) => app.log.error({ err: error }, 'could not send the sign-up attempt mail'));
    },

    async signIn(input: SignIn): Promise<Session> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`);
      if (!row) {
        await verifyNothing(input.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(row.passwordHash, input.password))) throw invalidCredentials();
      if (needsRehash(row.passwordHash)) {
        await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
      }
      return openSession(row);
    },

    async signOut(caller: Caller): Promise<void> {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, caller.sessionId));
    },

    async signOutEverywhere(caller: Caller): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() }).where(eq(users.id, caller.userId));
        await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, caller.userId), isNull(sessions.revokedAt)));
      });
    },

    /** A fresh token for the same session, so a shift is never interrupted; it cannot outlive the session. */
    async renew(caller: Caller): Promise<Session> {
      return sessionFor(await findUser(caller.userId), caller.sessionId, caller.sessionExpiresAt);
    },

    async me(caller: Caller): Promise<Me> {
      const row = await findUser(caller.userId);
      return { user: toUser(row), accessList: accessListFor(row.roles, await truckMembershipsOf(db, row.id)) };
    },

    /** Other sessions end; this one goes on with a new token. */
    async changePassword(caller: Caller, input: ChangePassword): Promise<Session> {
      const row = await findUser(caller.userId);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) throw new DomainError('wrong_password', 400);
      const passwordHash = await hashPassword(input.newPassword);
      const updated = await db.transaction(async (tx) => {
        const [next] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
          .where(eq(users.id, row.id))
          .returning();
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, row.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)));
        return next!;
      });
      return sessionFor(updated, caller.sessionId, caller.sessionExpiresAt);
    },

    /**
     * Sends a single-use link when the address has an account. The caller answers the same either
     * way, and the mail leaves in the background so the answer takes as long as well.
     */
    async requestPasswordReset(input: ForgotPassword): Promise<void> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`);
      if (!row) return;
      const now = new Date();
      const token = randomBytes(32).toString('base64url');
      await db.delete(passwordResets).where(and(eq(passwordResets.userId, row.id), or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt))));
      await db.insert(passwordResets).values({
        userId: row.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      });
      const link = `${app.config.publicUrl}/?reset=${encodeURIComponent(token)}`;
      app.mail.send(passwordResetMail(row.email, row.language, link)).catch((error: unknown) => {
        app.log.error({ err: error }, 'could not send the password-reset mail');
      });
    },

    /** Uses the link (once), sets the password and ends every session of the account. */
    async resetPassword(input: ResetPassword): Promise<{ email: string }> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const now = new Date();
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), isNull(passwordResets.usedAt), sql`${passwordResets.expiresAt} > now()`))
          .returning({ userId: passwordResets.userId });
        if (!reset) throw new DomainError('reset_link_invalid', 400);
        const [row] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
          .where(eq(users.id, reset.userId))
          .returning({ email: users.email });
        await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
        // Any other link sent earlier dies with this one.
        await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
        return { email: row!.email };
      });
    },

    async updateProfile(caller: Caller, input: UpdateProfile): Promise<User> {
      const [row] = await db
        .update(users)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(users.id, caller.userId))
        .returning();
      if (!row) throw new DomainError('session_ended', 401);
      return toUser(row);
    },

    async setAvatar(caller: Caller, upload: Buffer): Promise<User> {
      const image = await normalizeAvatar(upload);
      const previous = await findUser(caller.userId);
      const fileName = await saveAvatar(app.config.dataDir, image);
      const [row] = await db.update(users).set({ avatarPath: fileName, updatedAt: new Date() }).where(eq(users.id, caller.userId)).returning();
      await removeAvatar(app.config.dataDir, previous.avatarPath);
      return toUser(row!);
    },

    async deleteAvatar(caller: Caller): Promise<User> {
      const previous = await findUser(caller.userId);
      const [row] = await db.update(users).set({ avatarPath: null, updatedAt: new Date() }).where(eq(users.id, caller.userId)).returning();
      await removeAvatar(app.config.dataDir, previous.avatarPath);
      return toUser(row!);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
