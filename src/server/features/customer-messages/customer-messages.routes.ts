/**
 * Telling the customer over HTTP: the order page records how its customer wants to be told, and the
 * providers' inbound webhooks take STOP («إيقاف») and START. The outbox job runs in every process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { inboundIntent, OrderNotifySchema } from '@domain/customer-messages';
import { DomainError } from '@domain/errors';
import { PUBLIC_ORDER_ID } from '@domain/storefront';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders } from '../../db/tables/orders';
import { truckSlugs } from '../../db/tables/trucks';
import { NoContent } from '../../platform/truck-routes';
import { createCustomerMessages } from './customer-messages.service';

const tags = ['customer-messages'];
export const CUSTOMER_MESSAGES_JOB = 'customer-messages';
const JOB_EVERY_MS = 5_000;

const orderNotFound = () => new DomainError('order_not_found', 404);
const InboundBody = z.record(z.string(), z.unknown());

/** Twilio signs a webhook with HMAC-SHA1 of its URL and its sorted form fields (X-Twilio-Signature). */
export function twilioSignature(authToken: string, url: string, form: Record<string, unknown>): string {
  const data = Object.keys(form)
    .sort()
    .reduce((acc, key) => acc + key + String(form[key] ?? ''), url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const field = (body: Record<string, unknown>, ...names: string[]) => {
  for (const name of names) if (typeof body[name] === 'string') return body[name] as string;
  return '';
};
/** "whatsapp:+965…" or "965…" → "+965…". */
const phoneOf = (from: string) => {
  const digits = from.replace(/^whatsapp:/, '').replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : `+${digits}`;
};

export async function customerMessagesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = createCustomerMessages(instance);
  instance.jobs.schedule({ name: CUSTOMER_MESSAGES_JOB, everyMs: JOB_EVERY_MS, run: () => service.sendDue() });

  // Providers post their webhooks form-encoded.
  instance.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.put(
    '/public/trucks/:slug/orders/:publicId/notify',
    {
      schema: {
        tags,
        summary: 'How the customer of an order wants to be told how it goes: the order page alone, or also SMS, WhatsApp (a phone in E.164) or e-mail, in the language given. The latest choice counts',
        params: z.object({ slug: z.string().max(100), publicId: z.string().max(64) }),
        body: OrderNotifySchema,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { slug, publicId } = request.params;
      if (!PUBLIC_ORDER_ID.test(publicId)) throw orderNotFound();
      const { db } = instance.database;
      const [found] = await db
        .select({ truckId: orders.truckId, id: orders.id })
        .from(truckSlugs)
        .innerJoin(orders, eq(orders.truckId, truckSlugs.truckId))
        .where(and(eq(truckSlugs.slug, slug), eq(orders.publicId, publicId)));
      if (!found) throw orderNotFound();
      await service.choose(found.truckId, found.id, request.body);
      return reply.status(204).send(null);
    },
  );

  async function inbound(request: FastifyRequest, from: string, body: string) {
    const intent = inboundIntent(body);
    if (from && intent) await service.optOut(phoneOf(from), intent === 'stop');
    request.log.info({ intent }, 'inbound customer message');
  }

  app.post(
    '/public/messages/inbound/twilio',
    {
      schema: {
        tags,
        summary: "Twilio's inbound-message webhook (form-encoded, signed with X-Twilio-Signature): STOP or «إيقاف» stops messages to the sender's number, START resumes them. Answers empty TwiML",
        body: InboundBody,
        produces: ['text/xml'],
      },
    },
    async (request, reply) => {
      const { messages, publicUrl } = instance.config;
      if (messages.provider !== 'twilio') throw new DomainError('not_found', 404);
      const signature = String(request.headers['x-twilio-signature'] ?? '');
      const expected = twilioSignature(messages.authToken, `${publicUrl}${request.url}`, request.body);
      if (!signature || !sameText(signature, expected)) throw new DomainError('forbidden', 403);
      await inbound(request, field(request.body, 'From'), field(request.body, 'Body'));
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );

  app.post(
    '/public/messages/inbound/unifonic',
    {
      schema: {
        tags,
        summary: "Unifonic's inbound-message webhook (form-encoded or JSON; `token` must be the server's webhook token): STOP or «إيقاف» stops messages to the sender's number, START resumes them",
        querystring: z.object({ token: z.string().max(200) }),
        body: InboundBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { messages } = instance.config;
      if (messages.provider !== 'unifonic') throw new DomainError('not_found', 404);
      if (!sameText(request.query.token, unifonicWebhookToken(instance.config.jwtSecret))) throw new DomainError('forbidden', 403);
      await inbound(request, field(request.body, 'from', 'From', 'sender', 'Sender'), field(request.body, 'message', 'Message', 'body', 'Body'));
      return reply.status(204).send(null);
    },
  );
}

/** The secret in the Unifonic webhook's address (Unifonic does not sign its calls): the operator guide prints it. */
export function unifonicWebhookToken(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('unifonic-inbound').digest('base64url').slice(0, 32);
}
