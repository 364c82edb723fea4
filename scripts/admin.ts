/**
 * The admin CLI: `npm run admin -- create <email>` makes the account an Admin. An existing account
 * gains the role (running it twice changes nothing); a new one is created with a generated password,
 * printed once. It uses the app's database (DATABASE_URL, or the embedded server under DATA_DIR,
 * which the app must not be running on at the same moment).
 */
import { EmailSchema } from '@domain/accounts';
import { openDatabase } from '../src/server/db/database';
import { loadConfig } from '../src/server/env';
import { makeAdmin } from '../src/server/features/accounts/admin-accounts';

const USAGE = 'Usage: npm run admin -- create <email>';

class UsageError extends Error {}

async function main([command, rawEmail, ...rest]: string[]): Promise<void> {
  if (command !== 'create' || !rawEmail || rest.length > 0) throw new UsageError(USAGE);
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) throw new UsageError(`Not an email address: ${rawEmail}\n${USAGE}`);
  const config = loadConfig();
  const log = { info: () => {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2, log });
  try {
    const result = await makeAdmin(database.db, email.data);
    console.log(
      result.created
        ? `Created the Admin ${result.email} with the password ${result.password}\nSign in and change it on the profile screen.`
        : `${result.email} is an Admin.`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof UsageError ? 64 : 1);
});
