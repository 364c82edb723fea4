/** argon2id password hashes, with OWASP's minimum parameters (19 MiB, 2 passes) to stay quick under load. */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return true;
  }
}

let dummy: Promise<string> | undefined;

/** Verifies against a throw-away hash, so an unknown email takes as long to refuse as a wrong password. */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('a password nobody has');
  await verifyPassword(await dummy, password);
  return false;
}
