/** Bookings on the demo truck for journeys: the quote link a customer is mailed. */
import { expect } from 'vitest';
import type { RunningServer } from './server';

/** The quote link of the last quote mailed to `email`, from the server's console outbox (the server logs at info level). */
export async function quoteLinkFor(server: RunningServer, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = server.output().split('--- mail (outbox').filter((mail) => mail.includes(`To: ${email}`));
      link = mails.map((mail) => /(https?:\/\/\S+\/booking-quote\/[\w-]+)/.exec(mail)?.[1]).filter(Boolean).at(-1);
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}
