/** Bookings on the demo truck for journeys: the quote link a customer is mailed. */
import { fromLastMail } from './outbox';
import type { RunningServer } from './server';

/** The quote link of the last quote mailed to `email` (its path and its ?lang=), from the server's console outbox (the server logs at info level). */
export async function quoteLinkFor(server: RunningServer, email: string): Promise<string> {
  const url = new URL(await fromLastMail(server, email, /(https?:\/\/\S+\/booking-quote\/[\w-]+(?:\?lang=\w+)?)/));
  return `${url.pathname}${url.search}`;
}
