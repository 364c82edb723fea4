/**
 * The truck's team: the owner and staff, invitations (signed single-use links, mailed), joining,
 * and removal. Removal deletes the membership row: the read cache's trigger on truck_members tells
 * every process to forget what it knew (decision 009), and a live event closes the removed
 * person's open event streams on whichever process holds them.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@domain/errors';
import {
  INVITATION_DAYS,
  invitationState,
  MEMBER_REMOVED_EVENT,
  type Invitation,
  type InvitationPreview,
  type InvitationState,
  type Invite,
  type Joined,
  type Team,
  type TeamSettings,
  type TeamSettingsPatch,
} from '@domain/team';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { truckInvitations } from '../../db/tables/team';
import { truckMembers, trucks } from '../../db/tables/trucks';
import type { Caller } from '../../platform/auth';
import { publishTruckEvent } from '../../platform/events.publish';
import { truckNotFound, type TruckRow } from '../../platform/truck-access';
import { invitationMail } from './team.mail';

type InvitationRow = typeof truckInvitations.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invitationInvalid = () => new DomainError('invitation_invalid', 404);
const invitationNotFound = () => new DomainError('invitation_not_found', 404);
const STATE_ERRORS: Record<Exclude<InvitationState, 'pending'>, () => DomainError> = {
  expired: () => new DomainError('invitation_expired', 410),
  accepted: () => new DomainError('invitation_used', 410),
  withdrawn: () => new DomainError('invitation_withdrawn', 410),
  superseded: () => new DomainError('invitation_superseded', 410),
};

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');
const lower = (email: string) => email.trim().toLowerCase();

export function createTeamService(app: FastifyInstance) {
  const { db } = app.database;
  const secret = app.config.jwtSecret;

  const sign = (payload: string) => createHmac('sha256', secret).update(`truck-invitation:${payload}`).digest('base64url');

  /** `<truckId>.<invitationId>.<nonce>.<signature>`: names its invitation, cannot be forged or altered. */
  function tokenFor(truckId: string, invitationId: string, nonce: string): string {
    const payload = `${truckId}.${invitationId}.${nonce}`;
    return `${payload}.${sign(payload)}`;
  }

  function readToken(token: string): { truckId: string; invitationId: string; nonce: string } {
    const parts = token.split('.');
    if (parts.length !== 4) throw invitationInvalid();
    const [truckId, invitationId, nonce, signature] = parts as [string, string, string, string];
    if (!UUID.test(truckId) || !UUID.test(invitationId) || !/^[\w-]{16,64}$/.test(nonce)) throw invitationInvalid();
    const expected = Buffer.from(sign(`${truckId}.${invitationId}.${nonce}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invitationInvalid();
    return { truckId, invitationId, nonce };
  }

  /** The invitation a token names, with whether the token is its latest link. */
  async function findByToken(token: string) {
    const { truckId, invitationId, nonce } = readToken(token);
    const [row] = await db
      .select({ invitation: truckInvitations, truck: trucks, inviter: { fullName: users.fullName, email: users.email } })
      .from(truckInvitations)
      .innerJoin(trucks, eq(trucks.id, truckInvitations.truckId))
      .leftJoin(users, eq(users.id, truckInvitations.invitedBy))
      .where(and(eq(truckInvitations.truckId, truckId), eq(truckInvitations.id, invitationId)));
    if (!row) throw invitationInvalid();
    return { ...row, current: row.invitation.nonceHash === hashNonce(nonce) };
  }

  async function send(truck: TruckRow, invitation: InvitationRow, nonce: string, inviter: { fullName: string | null; email: string } | undefined) {
    const link = `${app.config.publicUrl}/invite?token=${encodeURIComponent(tokenFor(truck.id, invitation.id, nonce))}`;
    await app.mail.send(
      invitationMail({
        to: invitation.email,
        name: invitation.name,
        truck: { nameEn: truck.nameEn, nameAr: truck.nameAr },
        inviter: inviter ? inviter.fullName || inviter.email : null,
        link,
        expiresAt: invitation.expiresAt,
        timeZone: truck.timeZone,
      }),
    );
  }

  async function inviterOf(userId: string) {
    const [row] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId));
    return row;
  }

  async function isOnTeam(truck: TruckRow, email: string): Promise<boolean> {
    const [row] = await db.execute<{ found: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${truck.ownerId} AND lower(${users.email}) = ${lower(email)})
          OR EXISTS (SELECT 1 FROM ${truckMembers} JOIN ${users} ON ${users.id} = ${truckMembers.userId}
                     WHERE ${truckMembers.truckId} = ${truck.id} AND lower(${users.email}) = ${lower(email)}) AS found`).then((r) => r.rows);
    return row?.found === true;
  }

  async function openInvitation(truckId: string, invitationId: string): Promise<InvitationRow> {
    if (!UUID.test(invitationId)) throw invitationNotFound();
    const [row] = await db
      .select()
      .from(truckInvitations)
      .where(and(eq(truckInvitations.truckId, truckId), eq(truckInvitations.id, invitationId), isNull(truckInvitations.acceptedAt), isNull(truckInvitations.withdrawnAt)));
    if (!row) throw invitationNotFound();
    return row;
  }

  return {
    async view(truck: TruckRow, now = new Date()): Promise<Team> {
      const [owner] = await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, truck.ownerId));
      const staff = await db
        .select({ userId: users.id, email: users.email, fullName: users.fullName, since: truckMembers.createdAt })
        .from(truckMembers)
        .innerJoin(users, eq(users.id, truckMembers.userId))
        .where(and(eq(truckMembers.truckId, truck.id), ne(truckMembers.userId, truck.ownerId)))
        .orderBy(asc(truckMembers.createdAt));
      const invitations = await db
        .select({ invitation: truckInvitations, inviter: { id: users.id, email: users.email, fullName: users.fullName } })
        .from(truckInvitations)
        .leftJoin(users, eq(users.id, truckInvitations.invitedBy))
        .where(and(eq(truckInvitations.truckId, truck.id), isNull(truckInvitations.acceptedAt), isNull(truckInvitations.withdrawnAt)))
        .orderBy(asc(truckInvitations.createdAt));
      return {
        members: [
          ...(owner ? [{ userId: owner.id, email: owner.email, fullName: owner.fullName, role: 'owner' as const, since: truck.createdAt.toISOString() }] : []),
          ...staff.map((member) => ({ ...member, role: 'staff' as const, since: member.since.toISOString() })),
        ],
        invitations: invitations.map(({ invitation, inviter }): Invitation => ({
          id: invitation.id,
          email: invitation.email,
          name: invitation.name,
          state: invitation.expiresAt <= now ? 'expired' : 'pending',
          sentAt: invitation.sentAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
          invitedBy: inviter?.id ? inviter : null,
        })),
        settings: { staffSeesRevenue: truck.staffSeesRevenue, staffMayRefund: truck.staffMayRefund },
      };
    },

    /**
     * The owner's settings for the team. They live on the truck row: its read-cache trigger (decision
     * 009) drops every process's copy of the truck and of its /home, and a staff member's request reads
     * them afresh with their membership (truck-access.ts), so the change counts on their next request
     * on any process.
     */
    async updateSettings(truck: TruckRow, input: TeamSettingsPatch): Promise<TeamSettings> {
      const [row] = await db
        .update(trucks)
        .set({
          ...(input.staffSeesRevenue === undefined ? {} : { staffSeesRevenue: input.staffSeesRevenue }),
          ...(input.staffMayRefund === undefined ? {} : { staffMayRefund: input.staffMayRefund }),
          updatedAt: new Date(),
        })
        .where(eq(trucks.id, truck.id))
        .returning({ staffSeesRevenue: trucks.staffSeesRevenue, staffMayRefund: trucks.staffMayRefund });
      if (!row) throw truckNotFound();
      return { staffSeesRevenue: row.staffSeesRevenue, staffMayRefund: row.staffMayRefund };
    },

    async invite(truck: TruckRow, caller: Caller, input: Invite, now = new Date()): Promise<Invitation> {
      if (await isOnTeam(truck, input.email)) throw new DomainError('already_member', 409, { email: input.email });
      const nonce = randomBytes(24).toString('base64url');
      const [row] = await db
        .insert(truckInvitations)
        .values({
          truckId: truck.id,
          email: input.email,
          name: input.name ?? null,
          nonceHash: hashNonce(nonce),
          invitedBy: caller.userId,
          sentAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new DomainError('already_invited', 409, { email: input.email });
      const inviter = await inviterOf(caller.userId);
      await send(truck, row, nonce, inviter);
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        state: 'pending',
        sentAt: row.sentAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        invitedBy: inviter ? { id: caller.userId, ...inviter } : null,
      };
    },

    /** A fresh link, valid for another INVITATION_DAYS; the earlier link stops working. */
    async resend(truck: TruckRow, caller: Caller, invitationId: string, now = new Date()): Promise<Invitation> {
      const open = await openInvitation(truck.id, invitationId);
      const nonce = randomBytes(24).toString('base64url');
      const [row] = await db
        .update(truckInvitations)
        .set({ nonceHash: hashNonce(nonce), sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) })
        .where(and(eq(truckInvitations.truckId, truck.id), eq(truckInvitations.id, open.id), isNull(truckInvitations.acceptedAt), isNull(truckInvitations.withdrawnAt)))
        .returning();
      if (!row) throw invitationNotFound();
      const inviter = await inviterOf(caller.userId);
      await send(truck, row, nonce, inviter);
      const invitedBy = row.invitedBy ? await inviterOf(row.invitedBy) : undefined;
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        state: 'pending',
        sentAt: row.sentAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        invitedBy: row.invitedBy && invitedBy ? { id: row.invitedBy, ...invitedBy } : null,
      };
    },

    async withdraw(truck: TruckRow, invitationId: string): Promise<void> {
      const open = await openInvitation(truck.id, invitationId);
      await db
        .update(truckInvitations)
        .set({ withdrawnAt: new Date() })
        .where(and(eq(truckInvitations.truckId, truck.id), eq(truckInvitations.id, open.id), isNull(truckInvitations.acceptedAt)));
    },

    /** Ends the membership at once: the next request of the removed person, on any process, is refused. */
    async remove(truck: TruckRow, userId: string): Promise<void> {
      if (!UUID.test(userId)) throw new DomainError('member_not_found', 404);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(truckMembers)
          .where(and(eq(truckMembers.truckId, truck.id), eq(truckMembers.userId, userId)))
          .returning({ userId: truckMembers.userId });
        if (removed.length === 0) throw new DomainError('member_not_found', 404);
        // Staff of no truck any more: the role goes with the last membership.
        await tx.execute(sql`
          UPDATE ${users} SET roles = array_remove(${users.roles}, 'Staff'), updated_at = now()
          WHERE ${users.id} = ${userId} AND 'Staff' = ANY(${users.roles})
            AND NOT EXISTS (SELECT 1 FROM ${truckMembers} WHERE ${truckMembers.userId} = ${userId})`);
        await publishTruckEvent(tx, truck.id, MEMBER_REMOVED_EVENT, { userId });
      });
    },

    async preview(token: string, now = new Date()): Promise<InvitationPreview> {
      const { invitation, truck, inviter, current } = await findByToken(token);
      const [account] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${lower(invitation.email)}`);
      return {
        state: invitationState(invitation, now, current),
        email: invitation.email,
        name: invitation.name,
        truck: { nameEn: truck.nameEn, nameAr: truck.nameAr },
        invitedBy: inviter ? inviter.fullName || inviter.email : null,
        expiresAt: invitation.expiresAt.toISOString(),
        accountExists: account !== undefined,
      };
    },

    /** The signed-in person joins the truck as staff; the link is used up. */
    async accept(token: string, caller: Caller, now = new Date()): Promise<Joined> {
      const { truckId, invitationId, nonce } = readToken(token);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ invitation: truckInvitations, ownerId: trucks.ownerId })
          .from(truckInvitations)
          .innerJoin(trucks, eq(trucks.id, truckInvitations.truckId))
          .where(and(eq(truckInvitations.truckId, truckId), eq(truckInvitations.id, invitationId)))
          .for('update', { of: truckInvitations });
        if (!row) throw invitationInvalid();
        const state = invitationState(row.invitation, now, row.invitation.nonceHash === hashNonce(nonce));
        if (state !== 'pending') throw STATE_ERRORS[state]();
        const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
        if (!me || lower(me.email) !== lower(row.invitation.email)) {
          throw new DomainError('invitation_other_account', 403, { email: row.invitation.email });
        }
        if (row.ownerId === caller.userId) throw new DomainError('already_member', 409, { email: me.email });
        const joined = await tx.insert(truckMembers).values({ truckId, userId: caller.userId, role: 'staff' }).onConflictDoNothing().returning();
        if (joined.length === 0) throw new DomainError('already_member', 409, { email: me.email });
        await tx
          .update(truckInvitations)
          .set({ acceptedAt: now, acceptedBy: caller.userId })
          .where(and(eq(truckInvitations.truckId, truckId), eq(truckInvitations.id, invitationId)));
        await tx.execute(sql`
          UPDATE ${users} SET roles = array_append(${users.roles}, 'Staff'), updated_at = now()
          WHERE ${users.id} = ${caller.userId} AND NOT 'Staff' = ANY(${users.roles})`);
        // The name the owner invited them by, until they give their own: the team, tickets and history
        // would otherwise show their e-mail address.
        if (row.invitation.name) {
          await tx.execute(sql`
            UPDATE ${users} SET full_name = ${row.invitation.name}, updated_at = now()
            WHERE ${users.id} = ${caller.userId} AND coalesce(${users.fullName}, '') = ''`);
        }
        return { truckId };
      });
    },
  };
}
