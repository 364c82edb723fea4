/** Making an account an Admin (the admin CLI): an existing account gains the role, a new one is created. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';

export type AdminResult = { email: string; created: false } | { email: string; created: true; password: string };

/** Idempotent: running it again changes nothing. `email` is already normalized (EmailSchema). */
export async function makeAdmin(db: Db, email: string): Promise<AdminResult> {
  const [promoted] = await db
    .update(users)
    .set({ roles: sql`array_append(array_remove(${users.roles}, 'Admin'), 'Admin')`, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email}`)
    .returning({ email: users.email });
  if (promoted) return { email: promoted.email, created: false };
  const password = randomBytes(12).toString('base64url');
  await db.insert(users).values({ email, passwordHash: await hashPassword(password), roles: ['Admin'] });
  return { email, created: true, password };
}
