/** What the server mailed, read from its console outbox (no SMTP_URL in journeys). */
import { expect } from 'vitest';
import type { RunningServer } from './server';

/** The first group of `pattern` in the newest mail to `email` that has it; waits until one does. */
export async function fromLastMail(server: RunningServer, email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const mails = server.output().split('--- mail (outbox').filter((mail) => mail.includes(`To: ${email}`));
      found = mails.map((mail) => pattern.exec(mail)?.[1]).filter((value) => value !== undefined).at(-1);
      return found;
    })
    .toBeTruthy();
  return found!;
}
