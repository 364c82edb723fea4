/**
 * Every truck endpoint, read from the app's own OpenAPI document, so matrix tests (who may call what)
 * cover a route the day it is added: a test keyed by `route.key` fails on a key it has no rule for.
 *
 *   const routes = await truckRoutes(app);             // every `/api/v1/trucks/{truckId}/…` operation
 *   const res = await callRoute(app, route, truckId, bearer(token));
 *   passedTruckGuard(res)                              // the caller reached the truck (any answer but 401/403/404-no-truck)
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { anyIp, bearer, signUp, uniqueEmail, type SignedUp } from './accounts';
import { requestedBooking } from './bookings';
import { orderingTruck, placedOrderId, type OrderingTruck } from './orders';
import { invite } from './team';

export type MatrixMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixRoute {
  /** `METHOD /api/v1/trucks/{truckId}/…`, as the OpenAPI document names the operation. */
  key: string;
  method: MatrixMethod;
  path: string;
  /** Signed in with a bearer token; false for a route opened another way (the event stream's ticket). */
  bearer: boolean;
  /** The operation takes a JSON body. */
  body: boolean;
  /** Who the route's truck guard lets through, as the document states it (`x-truck-access`); null: no truck guard. */
  access: TruckAccessStatement | null;
  /** The URL for one truck; other parameters get a value of the right shape that names nothing. */
  url(truckId: string): string;
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  anyOf?: JsonSchema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

export interface TruckAccessStatement {
  roles: ('owner' | 'staff')[];
  admin: 'read' | 'write' | null;
  /** False: closed to the truck's people while it is suspended (403 truck_suspended). */
  whileSuspended: boolean;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: unknown[];
  'x-truck-access'?: TruckAccessStatement;
}

const METHODS: MatrixMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A value the parameter accepts, naming nothing that exists. */
function sampleValue(schema: JsonSchema | undefined): string {
  if (!schema) return 'x';
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.anyOf?.length) return sampleValue(schema.anyOf[0]);
  if (schema.format === 'uuid' || schema.pattern?.includes('[0-9a-fA-F]{8}')) return randomUUID();
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return '987654';
  if (type === 'boolean') return 'true';
  // Route params named *Id are ids: a uuid passes both a uuid schema and a plain string one.
  return randomUUID();
}

export async function openApiDocument(app: FastifyInstance): Promise<{ paths: Record<string, Record<string, Operation>> }> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  return res.json();
}

/** Every operation under `/api/v1/trucks/{truckId}`, in the document's order. */
export async function truckRoutes(app: FastifyInstance): Promise<MatrixRoute[]> {
  const doc = await openApiDocument(app);
  const routes: MatrixRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/trucks/{truckId}')) continue;
    for (const method of METHODS) {
      const operation = operations[method.toLowerCase()];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const query = parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(sampleValue(p.schema))}`);
      routes.push({
        key: `${method} ${path}`,
        method,
        path,
        bearer: (operation.security ?? []).length > 0,
        body: operation.requestBody !== undefined,
        access: operation['x-truck-access'] ?? null,
        url(truckId) {
          const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
            name === 'truckId' ? truckId : encodeURIComponent(sampleValue(parameters.find((p) => p.in === 'path' && p.name === name)?.schema)),
          );
          return query.length ? `${filled}?${query.join('&')}` : filled;
        },
      });
    }
  }
  return routes;
}

/** Calls the route for a truck as whoever `headers` names (none: anonymous), with an empty JSON body where it takes one. */
export function callRoute(app: FastifyInstance, route: MatrixRoute, truckId: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: route.method,
    url: route.url(truckId),
    remoteAddress: anyIp(),
    headers,
    ...(route.body ? { payload: {} } : {}),
  });
}

const errorCode = (res: LightMyRequestResponse): string | undefined => {
  try {
    return (res.json() as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

/** How the truck guard answered: `passed` when the caller reached the truck, whatever the route made of the request. */
export function guardOutcome(res: LightMyRequestResponse): 'passed' | 'unauthorized' | 'forbidden' | 'suspended' | 'not_found' {
  if (res.statusCode === 401) return 'unauthorized';
  if (res.statusCode === 403 && errorCode(res) === 'forbidden') return 'forbidden';
  if (res.statusCode === 403 && errorCode(res) === 'truck_suspended') return 'suspended';
  if (res.statusCode === 404 && errorCode(res) === 'truck_not_found') return 'not_found';
  return 'passed';
}

// ---- Every operation with its schemas, and a world of principals to call them as ----------------

/** The parts of a JSON schema the generated suites read. */
export type ApiSchema = {
  type?: string | string[];
  properties?: Record<string, ApiSchema>;
  required?: string[];
  items?: ApiSchema;
  prefixItems?: ApiSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: ApiSchema[];
  oneOf?: ApiSchema[];
  allOf?: ApiSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | ApiSchema;
  propertyNames?: ApiSchema;
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
};

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: ApiSchema;
}

export interface ApiOperation {
  /** "POST /api/v1/trucks/{truckId}/uploads" */
  id: string;
  method: string;
  /** OpenAPI form, with {param}. */
  path: string;
  parameters: ApiParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: ApiSchema;
  /** Takes a multipart file (its summary says so: the document has no schema for it). */
  multipart: boolean;
  /** Needs a bearer token. */
  secured: boolean;
  /** Streams without end (text/event-stream): only its refusals can be checked. */
  streams: boolean;
}

type DocumentOperation = {
  summary?: string;
  security?: unknown[];
  parameters?: ApiParameter[];
  requestBody?: { content?: Record<string, { schema?: ApiSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

const API_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** Every operation of the document (not only the truck ones), with its schemas: for generated requests. */
export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const document = (await openApiDocument(app)) as unknown as { paths: Record<string, Partial<Record<(typeof API_METHODS)[number], DocumentOperation>>> };
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of API_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).map((p) => ({ ...p, required: Boolean(p.required) })),
        ...(body ? { body } : {}),
        multipart: /multipart/i.test(operation.summary ?? ''),
        secured: Boolean(operation.security?.length),
        streams: /\/events$/.test(path) && method === 'get',
      });
    }
  }
  return operations;
}

export const isTruckScoped = (operation: ApiOperation) => operation.path.includes('{truckId}');

/** The path with every {param} replaced by values[param] (URI-encoded; a lone surrogate becomes U+FFFD). */
export function fillPath(path: string, values: Record<string, string>): string {
  const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encode(values[name] ?? randomUUID()));
}

export interface World {
  admin: SignedUp;
  applicant: SignedUp;
  /** Truck A: the one every call targets. */
  home: OrderingTruck;
  /** Truck B: another vendor's, with its own staff member. */
  other: OrderingTruck;
  /** Real ids of truck A's things, by path parameter name; a name not here gets a random UUID. */
  ids: Record<string, string>;
  /** The same for truck B (to ask truck B's path for truck A's things, and the reverse). */
  otherIds: Record<string, string>;
}

async function idsOf(app: FastifyInstance, truck: OrderingTruck): Promise<Record<string, string>> {
  const orderId = await placedOrderId(app, truck);
  const menu = await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.truck.id}/menu`, headers: { authorization: `Bearer ${truck.owner.token}` } });
  const { categories } = menu.json() as { categories: { id: string }[] };
  const zones = await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.truck.id}/zones`, headers: { authorization: `Bearer ${truck.owner.token}` } });
  const zoneList = zones.json() as { id: string }[] | { zones: { id: string }[] };
  const zoneId = (Array.isArray(zoneList) ? zoneList : zoneList.zones)[0]?.id ?? randomUUID();
  const order = await app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.truck.id}/orders/${orderId}`, headers: bearer(truck.owner.token) });
  const booking = await requestedBooking(app, truck);
  const invitation = await invite(app, truck.owner, truck.truck.id, uniqueEmail('invitee'));
  return {
    truckId: truck.truck.id,
    slug: truck.slug,
    orderId,
    publicId: (order.json() as { publicId: string }).publicId,
    bookingId: booking.id,
    number: String(booking.number),
    invitationId: invitation.id,
    userId: truck.staff.user.id,
    itemId: truck.wrap.id,
    categoryId: categories[0]?.id ?? randomUUID(),
    zoneId,
    uploadId: truck.truck.documents[0]?.fileId ?? randomUUID(),
    type: 'insurance',
  };
}

/** Two trading trucks (owner, staff, menu, zone, an order each), an applicant and an admin. */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  const admin = await signUp(app, { roles: ['Admin'] });
  const applicant = await signUp(app);
  const home = await orderingTruck(app, admin);
  const other = await orderingTruck(app, admin);
  return { admin, applicant, home, other, ids: await idsOf(app, home), otherIds: await idsOf(app, other) };
}
