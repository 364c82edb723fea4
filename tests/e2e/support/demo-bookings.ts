/** Bookings on the demo truck for journeys: the quote link a customer is mailed. */
import { fromLastMail } from './outbox';
import type { RunningServer } from './server';

/** The quote link of the last quote mailed to `email`, from the server's console outbox (the server logs at info level). */
export async function quoteLinkFor(server: RunningServer, email: string): Promise<string> {
  return new URL(await fromLastMail(server, email, /(https?:\/\/\S+\/booking-quote\/[\w-]+)/)).pathname;
}
