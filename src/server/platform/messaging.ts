/**
 * `app.messaging.send(...)`: text messages to customers (SMS, WhatsApp), like `app.mail` for e-mail
 * (decision 019). With no provider configured a message is printed on the console (its row in the
 * customer_messages outbox is the record); MESSAGES_PROVIDER=twilio sends through Twilio's REST API
 * (Basic auth, form-encoded; SMS and WhatsApp), =unifonic through Unifonic's (the Gulf's; SMS, a
 * WhatsApp choice goes as SMS). Each adapter is one HTTP call with a timeout; a failure throws and the
 * customer-messages job retries.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../env';

export interface TextMessage {
  channel: 'sms' | 'whatsapp';
  /** E.164. */
  to: string;
  body: string;
}

export interface Messenger {
  readonly provider: Config['messages']['provider'];
  /** The provider's id for the message; throws when the provider did not take it. */
  send(message: TextMessage): Promise<{ id: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messenger;
  }
}

const TIMEOUT_MS = 10_000;

export class ProviderError extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help (a refused number). */
    readonly retry = true,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

async function post(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the error.
  }
  return { status: response.status, body };
}

export function twilioMessenger(config: Extract<Config['messages'], { provider: 'twilio' }>): Messenger {
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    async send(message) {
      const whatsapp = message.channel === 'whatsapp';
      const from = whatsapp ? `whatsapp:${config.whatsappFrom ?? config.from}` : config.from;
      const to = whatsapp ? `whatsapp:${message.to}` : message.to;
      const { status, body } = await post(`${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, { To: to, From: from, Body: message.body }, { authorization: auth });
      const reply = body as { sid?: string; message?: string; code?: number };
      if (status >= 200 && status < 300 && reply.sid) return { id: reply.sid };
      // 4xx other than 429: the number or the request is refused, trying again changes nothing.
      throw new ProviderError(`twilio ${status}: ${reply.message ?? String(body).slice(0, 200)}`, status === 429 || status >= 500);
    },
  };
}

export function unifonicMessenger(config: Extract<Config['messages'], { provider: 'unifonic' }>): Messenger {
  return {
    provider: 'unifonic',
    async send(message) {
      const { status, body } = await post(`${config.apiUrl}/rest/SMS/messages`, {
        AppSid: config.appSid,
        SenderID: config.senderId,
        // Unifonic takes the number without its "+".
        Recipient: message.to.replace(/^\+/, ''),
        Body: message.body,
        responseType: 'JSON',
      });
      const reply = body as { success?: boolean | string; message?: string; errorCode?: string; data?: { MessageID?: string | number } };
      const ok = reply.success === true || reply.success === 'true';
      if (status >= 200 && status < 300 && ok && reply.data?.MessageID !== undefined) return { id: String(reply.data.MessageID) };
      throw new ProviderError(`unifonic ${status}: ${reply.errorCode ?? ''} ${reply.message ?? String(body).slice(0, 200)}`.trim(), status >= 500 || status === 429 || status < 400);
    },
  };
}

export function outboxMessenger(print: boolean): Messenger {
  let count = 0;
  return {
    provider: 'outbox',
    async send(message) {
      count++;
      if (print) process.stdout.write(`\n--- ${message.channel} (outbox; set MESSAGES_PROVIDER to send) ---\nTo: ${message.to}\n\n${message.body}\n--- end of message ---\n`);
      return { id: `outbox-${process.pid}-${Date.now()}-${count}` };
    },
  };
}

export function messengerFor(config: Config): Messenger {
  const { messages } = config;
  if (messages.provider === 'twilio') return twilioMessenger(messages);
  if (messages.provider === 'unifonic') return unifonicMessenger(messages);
  return outboxMessenger(config.logLevel !== 'silent');
}

export const messagingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('messaging', messengerFor(app.config));
  },
  { name: 'messaging' },
);
