/** A truck's team for API tests, through the real routes: invitations from the outbox, joining, removal. */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../server/db/schema';
import { anyIp, bearer, signUp, uniqueEmail, type SignedUp } from './accounts';

export function teamCall(app: FastifyInstance, user: SignedUp | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: anyIp(),
    headers: user ? bearer(user.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The token of the newest invitation mailed to `email` (the outbox: no SMTP in tests). */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const match = mail?.text.match(/\/invite\?token=([^\s]+)/);
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}

export async function invite(app: FastifyInstance, owner: SignedUp, truckId: string, email: string, name?: string): Promise<{ id: string }> {
  const res = await teamCall(app, owner, 'POST', `/trucks/${truckId}/team/invitations`, { email, ...(name ? { name } : {}) });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

export async function accept(app: FastifyInstance, user: SignedUp, token: string) {
  return teamCall(app, user, 'POST', '/invitations/accept', { token });
}

/** A new user, invited by the owner, who signed up with the invited address and joined as staff. */
export async function addStaff(app: FastifyInstance, owner: SignedUp, truckId: string): Promise<SignedUp> {
  const email = uniqueEmail('staff');
  await invite(app, owner, truckId, email);
  const staff = await signUp(app, { email });
  const res = await accept(app, staff, await invitationToken(app, email));
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return staff;
}

export async function removeStaff(app: FastifyInstance, owner: SignedUp, truckId: string, userId: string): Promise<void> {
  const res = await teamCall(app, owner, 'DELETE', `/trucks/${truckId}/team/members/${userId}`);
  if (res.statusCode !== 204) throw new Error(`remove failed: ${res.statusCode} ${res.body}`);
}
