/**
 * The OpenAPI document, generated from the route schemas; JSON at /api/openapi.json, UI at /api/docs.
 * Beside each operation's own answers it lists every error it can answer, in the one error shape
 * with the codes of that status (decision 003), derived from what the route is: its input, its
 * guards, its rate limits.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiErrorSchema, codesOfStatus } from '@domain/errors';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isRoleGuard } from './auth';
import { isRateLimit } from './rate-limits';
import { TRUCK_ACCESS_KEY } from './truck-access';

/** Carries a route's error statuses from the per-route transform to the whole document's; never published. */
const ERROR_STATUSES_KEY = 'x-error-statuses';

const ERROR_ANSWERS: Record<number, string> = {
  400: 'The request is malformed, or fails validation (`fields` lists every bad field)',
  401: 'No valid session: the token is missing, invalid or expired, or its session ended',
  403: 'Signed in, without the role or the truck permission this needs, or on a truck whose suspension closes this (`truck_suspended`)',
  404: 'Not found (another vendor’s truck answers the same as one that does not exist)',
  409: 'The current state refuses the change (a stale `version`, a transition its status does not allow, a limit reached); `details` names the state',
  410: 'The invitation was used, withdrawn, superseded or has expired',
  413: 'The body or file is too large',
  415: 'The body’s content type, or a file’s content, is not one this accepts',
  422: 'Well-formed, but refused by the rules (`fields` names every problem), or a value the database cannot hold',
  429: 'Too many requests: try again after `Retry-After` seconds',
  500: 'A bug: the answer carries the request id the log knows it by',
  503: 'The database is unreachable, or the process is shutting down',
};

/** Statuses a few operations answer that nothing in their route options tells: credentials or a ticket, an invitation's token. */
const OWN_ERROR_STATUSES: Record<string, number[]> = {
  'POST /api/v1/auth/sign-in': [401],
  'GET /api/v1/trucks/:truckId/events': [401, 403],
  'POST /api/v1/invitations/preview': [404, 410],
  'POST /api/v1/invitations/accept': [403, 404, 410],
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every error status a route can answer. Any route: a URL or multipart boundary it cannot read (400),
 * a bug (500), the database down (503). Input: validation (400) and values the database refuses (422).
 * A body: malformed JSON (400), too large (413), a content type it does not take (415), and a state
 * that refuses the change (409). A session (401), a role or an owner-only truck permission (403),
 * path parameters or a truck (404), a rate limit (429).
 */
function errorStatuses(route: RouteOptions, schema: Record<string, unknown>): number[] {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
  const writes = [route.method].flat().some((method) => BODY_METHODS.has(method));
  const truckRule = schema[TRUCK_ACCESS_KEY] as { roles: string[]; whileSuspended: boolean } | undefined;
  const security = schema.security as unknown[] | undefined;
  const statuses = [400, 500, 503];
  if (security && security.length > 0) statuses.push(401);
  if (hooks.some(isRoleGuard) || (truckRule && (!truckRule.roles.includes('staff') || !truckRule.whileSuspended))) statuses.push(403);
  if (schema.params || truckRule) statuses.push(404);
  if (writes) statuses.push(409, 413, 415);
  if (writes || schema.params || schema.querystring || schema.headers) statuses.push(422);
  if (hooks.some(isRateLimit)) statuses.push(429);
  for (const method of [route.method].flat()) statuses.push(...(OWN_ERROR_STATUSES[`${method} ${route.url}`] ?? []));
  return [...new Set(statuses)].sort((a, b) => a - b);
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };

/**
 * Two schemas made portable beyond JSON Schema 2020-12. A discriminated union names its discriminator,
 * so a client generator and a validating proxy pick the branch by it (a zone's `kind`) (without it a polygon zone's
 * errors were reported against the circle's required `center` and `radiusM`). A tuple (a [lng, lat]
 * position) loses zod's `items: false`: `maxItems` already bounds it, and a validator of an older draft,
 * which knows no `prefixItems`, read it as "no items at all" and refused every polygon.
 */
const jsonSchemaTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; discriminator?: string };
      const tag = def.type === 'union' ? def.discriminator : undefined;
      // OpenAPI's discriminator values are strings: a union on a boolean (`delivers`) stays a plain oneOf.
      const tagged = tag && jsonSchema.oneOf?.every((option) => typeof option === 'object' && (option.properties?.[tag] as JsonSchema | undefined)?.type === 'string');
      if (tagged) jsonSchema.discriminator = { propertyName: tag };
      if (jsonSchema.items === false && jsonSchema.prefixItems?.length === jsonSchema.maxItems) delete jsonSchema.items;
    },
  },
});

/** The error shape with the codes of one status. */
function errorResponse(status: number, shape: JsonSchema) {
  const inner = shape.properties!.error!;
  const schema = { ...shape, properties: { error: { ...inner, properties: { ...inner.properties, code: { type: 'string', enum: codesOfStatus(status) } } } } };
  return {
    description: ERROR_ANSWERS[status],
    ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until the limit lets this caller in again', required: true, schema: { type: 'integer', minimum: 1 } } } } : {}),
    content: { 'application/json': { schema } },
  };
}

/**
 * A route that answers a file or text (`produces`) and states no response: the generator would say
 * "200, no body"; its answer is a body of one of those types.
 */
function producedAnswer(schema: Record<string, unknown>) {
  const produces = schema.produces as string[] | undefined;
  if (!produces?.length || schema.response) return {};
  return { response: { 200: { description: 'The file, of one of these types', content: Object.fromEntries(produces.map((type) => [type, { schema: {} }])) } } };
}

type Operation = { responses: Record<string, unknown>; [ERROR_STATUSES_KEY]?: number[] };

/** Each operation's error statuses become references to one response per status. */
function addErrorAnswers(document: { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> }) {
  const { $schema: _, ...shape } = z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12', io: 'output' }) as JsonSchema;
  const used = new Set<number>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const status of operation[ERROR_STATUSES_KEY] ?? []) {
        used.add(status);
        operation.responses[status] ??= { $ref: `#/components/responses/Error${status}` };
      }
      delete operation[ERROR_STATUSES_KEY];
    }
  }
  const responses = Object.fromEntries([...used].sort((a, b) => a - b).map((status) => [`Error${status}`, errorResponse(status, shape)]));
  return { ...document, components: { ...document.components, responses } };
}

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'TruckDesk API',
          version: '1',
          description: 'The back office of a food-truck business. Errors share one shape: `{ error: { code, message, fields? } }`.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: (input) => {
        const output = jsonSchemaTransform(input);
        if (!output.schema || output.schema.hide) return output;
        const schema = { ...output.schema, [ERROR_STATUSES_KEY]: errorStatuses(input.route, input.schema as Record<string, unknown>) };
        return { ...output, schema: { ...schema, ...producedAnswer(schema) } };
      },
      transformObject: (documentObject) =>
        'openapiObject' in documentObject ? addErrorAnswers(documentObject.openapiObject as Parameters<typeof addErrorAnswers>[0]) : documentObject.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
