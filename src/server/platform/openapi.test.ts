import { codesOfStatus } from '@domain/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '@testing/test-app';

type Doc = {
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { responses: Record<string, unknown> };
};

/** The value at a path of keys inside a JSON document. */
const dig = (value: unknown, ...keys: string[]): unknown => keys.reduce((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);

async function documentOf(app: Awaited<ReturnType<typeof createTestApp>>['app']): Promise<Doc> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const health = doc.paths['/api/v1/health'].get;
    expect(health.responses['200'].content['application/json'].schema.properties.database.properties.kind.enum).toEqual([
      'embedded',
      'external',
    ]);
  });

  it('serves interactive docs', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });

  it('documents the errors of every operation, as its input, guards and limits say', async () => {
    const { app } = await createTestApp();
    const doc = await documentOf(app);
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(statuses(path, method), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '500', '503']));
        if (operation.security?.length) expect(statuses(path, method), `${method} ${path}`).toContain('401');
        if (path.includes('{')) expect(statuses(path, method), `${method} ${path}`).toContain('404');
      }
    }
    // Staff may list zones but not change them; only the owner's routes answer 403.
    expect(statuses('/api/v1/trucks/{truckId}/zones', 'get')).toEqual(['200', '400', '401', '404', '422', '500', '503']);
    expect(statuses('/api/v1/trucks/{truckId}/zones', 'post')).toEqual(['201', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503']);
    // A refund is the owner's (staff by grant): 403; an order not paid 409, above what is left 422.
    expect(statuses('/api/v1/trucks/{truckId}/orders/{orderId}/refunds', 'post')).toEqual(['201', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503']);
    expect(statuses('/api/v1/trucks/{truckId}/orders/{orderId}/refunds', 'get')).toEqual(['200', '400', '401', '403', '404', '422', '500', '503']);
    const refundAccess = (doc.paths['/api/v1/trucks/{truckId}/orders/{orderId}/refunds']!.post as unknown as Record<string, unknown>)['x-truck-access'];
    expect(refundAccess).toEqual({ roles: ['owner'], admin: null, whileSuspended: false, staffByGrant: 'staffMayRefund' });
    // The public intake is rate limited and takes no session.
    expect(statuses('/api/v1/public/trucks/{slug}/orders', 'post')).toEqual(['200', '201', '400', '404', '409', '413', '415', '422', '429', '500', '503']);
    expect(doc.paths['/api/v1/trucks/{truckId}/zones']!.post!.responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
  });

  it('gives each error status the one error shape, its codes from error-codes.ts, and 429 its Retry-After', async () => {
    const { app } = await createTestApp();
    const { responses } = (await documentOf(app)).components;
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]) {
      const schema = dig(responses, `Error${status}`, 'content', 'application/json', 'schema');
      expect(dig(schema, 'required')).toEqual(['error']);
      expect(dig(schema, 'properties', 'error', 'required')).toEqual(['code', 'message']);
      expect(dig(schema, 'properties', 'error', 'properties', 'code', 'enum')).toEqual(codesOfStatus(status));
      expect(dig(schema, 'properties', 'error', 'properties', 'fields', 'items', 'required')).toEqual(['path', 'code', 'message']);
    }
    expect(dig(responses, 'Error404', 'content', 'application/json', 'schema', 'properties', 'error', 'properties', 'code', 'enum')).toContain('truck_not_found');
    expect(dig(responses, 'Error429', 'headers')).toEqual({ 'Retry-After': expect.objectContaining({ required: true }) });
  });

  it('documents the files and texts an operation answers, not JSON', async () => {
    const { app } = await createTestApp();
    const doc = await documentOf(app);
    const mediaTypes = (path: string) => Object.keys(dig(doc.paths, path, 'get', 'responses', '200', 'content') as object);
    expect(mediaTypes('/api/v1/trucks/{truckId}/orders/export')).toEqual(['text/csv']);
    expect(mediaTypes('/api/v1/trucks/{truckId}/uploads/{uploadId}')).toEqual(['image/webp', 'application/pdf']);
    expect(mediaTypes('/api/v1/avatars/{file}')).toEqual(['image/webp']);
    expect(mediaTypes('/api/v1/public/booking-calendars/{file}')).toEqual(['text/calendar']);
  });

  it('names the discriminator of a zone’s shape, and leaves a position a tuple older validators read', async () => {
    const { app } = await createTestApp();
    const doc = await documentOf(app);
    const list = dig(doc.paths, '/api/v1/trucks/{truckId}/zones', 'get', 'responses', '200', 'content', 'application/json', 'schema');
    const shape = dig(list, 'properties', 'zones', 'items', 'properties', 'shape');
    expect(dig(shape, 'discriminator')).toEqual({ propertyName: 'kind' });
    const polygon = (dig(shape, 'oneOf') as unknown[]).find((option) => dig(option, 'properties', 'kind', 'enum', '0') === 'polygon');
    const position = dig(polygon, 'properties', 'coordinates', 'items');
    expect(position).toEqual(expect.objectContaining({ minItems: 2, maxItems: 2, prefixItems: expect.any(Array) }));
    expect(position).not.toHaveProperty('items');
  });
});

describe('every answer an API test receives', () => {
  const appWith = () =>
    createTestApp({
      extend: (instance) => {
        const response = { 200: z.object({ name: z.string() }) };
        // The route's types allow only the status its schema documents.
        instance.get('/api/v1/test-answers/teapot', { schema: { response } }, async (_request, reply) => reply.code(418 as 200).send({ name: 'tea' }));
        instance.get('/api/v1/test-answers/wrong-body', { schema: { response } }, async (_request, reply) => reply.type('application/json').serializer(JSON.stringify).send({ name: 42 }));
        instance.get('/api/v1/test-answers/text', { schema: { response } }, async (_request, reply) => reply.type('text/plain').serializer(String).send('tea'));
        instance.get('/api/v1/test-answers/right', { schema: { response } }, async () => ({ name: 'tea' }));
      },
    });

  it('is checked against the document for its operation and status', async () => {
    const { app } = await appWith();
    expect((await app.inject({ method: 'GET', url: '/api/v1/test-answers/right' })).json()).toEqual({ name: 'tea' });
    await expect(app.inject({ method: 'GET', url: '/api/v1/test-answers/teapot' })).rejects.toThrow(
      /GET \/api\/v1\/test-answers\/teapot answered 418 outside the document: status 418 is not documented/,
    );
    await expect(app.inject({ method: 'GET', url: '/api/v1/test-answers/wrong-body' })).rejects.toThrow(/the body is outside its schema:\n {2}\/name must be string/);
    await expect(app.inject({ method: 'GET', url: '/api/v1/test-answers/text' })).rejects.toThrow(/the content type text\/plain is not documented \(documented: application\/json\)/);
  });
});
