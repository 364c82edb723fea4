/**
 * The demo truck's team: a staff member (the demo staff sign-in: orders, bookings and the menu's
 * sold-out switches, nothing else) and one invitation still waiting, so the Team section of
 * /truck-info shows every part. The invitation's link was never mailed: "Resend" mails a fresh one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { truckInvitations } from '../db/tables/team';
import { truckMembers } from '../db/tables/trucks';

export async function seedDemoTeam(db: Db, truckId: string, ownerEmail: string, staffEmail: string): Promise<void> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
  if (!owner || !staff) return;
  await db.insert(truckMembers).values({ truckId, userId: staff.id, role: 'staff' }).onConflictDoNothing();
  await db
    .insert(truckInvitations)
    .values({
      truckId,
      email: 'cook@truckdesk.demo',
      name: 'Yousef',
      nonceHash: createHash('sha256').update(randomBytes(24)).digest('base64url'),
      invitedBy: owner.id,
      expiresAt: sql`now() + interval '7 days'`,
    })
    .onConflictDoNothing();
}
