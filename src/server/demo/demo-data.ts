/**
 * A fresh embedded database gets demo accounts so `npm start` can be tried at once; the sign-ins
 * (with a password generated for this database) are printed on the console. Later features add
 * their demo rows here. The app's start-up seeds (seedDemoDataOnStart, from app.ts and main.ts);
 * opening the database (db/database.ts, the admin script, backups) never does.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@domain/access';
import { hashPassword } from '../platform/passwords';
import type { Database, Db } from '../db/database';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoHoursAndZones } from './demo-hours-zones';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoMenu } from './demo-menu';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPromotions } from './demo-promotions';
import { seedDemoTeam } from './demo-team';
import { DEMO_TRUCK_IDS, seedDemoTrucks } from './demo-trucks';
import { users } from '../db/schema';

export const DEMO_ACCOUNTS: { email: string; fullName: string; roles: Role[] }[] = [
  { email: 'vendor@truckdesk.demo', fullName: 'Demo Vendor', roles: ['Vendor'] },
  { email: 'admin@truckdesk.demo', fullName: 'Demo Admin', roles: ['Admin'] },
  { email: 'staff@truckdesk.demo', fullName: 'Demo Staff', roles: ['Applicant', 'Staff'] },
];

export async function seedDemoData(db: Db, log: { info(message: string): void }, uploadsDir: string): Promise<void> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((existing?.count ?? 0) > 0) return;
  const started = performance.now();
  const password = `demo-${randomBytes(9).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  await db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash })))
    .onConflictDoNothing();
  await seedDemoTrucks(db, uploadsDir, DEMO_ACCOUNTS[0]!.email);
  await seedDemoMenu(db, uploadsDir, DEMO_TRUCK_IDS.approved);
  await seedDemoHoursAndZones(db, DEMO_TRUCK_IDS.approved);
  await seedDemoPromotions(db, DEMO_TRUCK_IDS.approved);
  await seedDemoOrders(db, DEMO_TRUCK_IDS.approved, DEMO_ACCOUNTS[0]!.email);
  await seedDemoBookings(db, DEMO_TRUCK_IDS.approved, DEMO_ACCOUNTS[0]!.email);
  await seedDemoTeam(db, DEMO_TRUCK_IDS.approved, DEMO_ACCOUNTS[0]!.email, DEMO_ACCOUNTS[2]!.email);
  await seedDemoInvoices(db, DEMO_TRUCK_IDS.saudi);
  log.info(`Demo data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const account of DEMO_ACCOUNTS) {
    log.info(`Demo sign-in (${account.roles.join(', ')}): ${account.email} / ${password}`);
  }
}

/**
 * The app's start-up, once the database is open and migrated: an embedded database (the demo one
 * `npm start` makes under DATA_DIR) is filled when it has no account yet; an external one never is.
 * On failure the database is closed, so the process does not keep a half-started server.
 */
export async function seedDemoDataOnStart(database: Database, log: { info(message: string): void }, uploadsDir: string): Promise<void> {
  if (database.kind !== 'embedded') return;
  try {
    await seedDemoData(database.db, log, uploadsDir);
  } catch (error) {
    await database.close();
    throw error;
  }
}
