/** The one error shape (docs/product.md §4), through the real app and its real error handler. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@domain/errors';
import { createTestApp } from '@testing/test-app';

const ProbeSchema = z.object({
  name: z.string().min(2).max(20),
  price: z.number().int().min(0),
  email: z.email(),
  kind: z.enum(['pickup', 'delivery']),
});

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp({
    extend(instance) {
      const typed = instance.withTypeProvider<ZodTypeProvider>();
      typed.post('/api/v1/_probe', { schema: { body: ProbeSchema, response: { 200: z.object({ ok: z.boolean(), name: z.string() }) } } }, async (request) => ({ ok: true, name: request.body.name }));
      typed.get('/api/v1/_probe/boom', async () => {
        throw new Error('secret internal detail');
      });
      typed.get('/api/v1/_probe/conflict', async () => {
        throw new DomainError('conflict', 409, { current: 'accepted' });
      });
    },
  }));
});

const good = { name: 'Falafel', price: 250, email: 'a@b.co', kind: 'pickup' };

describe('error shape', () => {
  it('accepts a valid body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/_probe', payload: good });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, name: 'Falafel' });
  });

  it('lists every bad field with a code, params and a message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/_probe', payload: { name: 'F', price: -1, email: 'nope', kind: 'x' } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    const byPath = Object.fromEntries(error.fields.map((f: { path: string }) => [f.path, f]));
    expect(Object.keys(byPath).sort()).toEqual(['email', 'kind', 'name', 'price']);
    expect(byPath.name).toMatchObject({ code: 'too_small_string', params: { minimum: 2 } });
    expect(byPath.price).toMatchObject({ code: 'too_small_number', params: { minimum: 0 } });
    expect(byPath.email).toMatchObject({ code: 'invalid_format', params: { format: 'email' } });
    expect(byPath.kind).toMatchObject({ code: 'invalid_value' });
    expect(byPath.name.message).toBe('Must be at least 2 characters.');
  });

  it('marks missing fields as required', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/_probe', payload: {} });
    expect(res.statusCode).toBe(400);
    const codes = res.json().error.fields.map((f: { code: string }) => f.code);
    expect(codes).toEqual(['required', 'required', 'required', 'required']);
  });

  it('answers in Arabic when the request asks for it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe',
      payload: { ...good, name: 'F' },
      headers: { 'accept-language': 'ar-KW,ar;q=0.9,en;q=0.5' },
    });
    const { error } = res.json();
    expect(error.message).toBe('بعض الحقول تحتاج إلى مراجعة.');
    expect(error.fields[0].message).toBe('يجب ألا يقل عدد الأحرف عن ٢.');
  });

  it('answers 404 JSON for an unknown API route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error.code).toBe('route_not_found');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/_probe', payload: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('malformed_json');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe',
      payload: JSON.stringify({ ...good, name: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('answers 415 for a content type it does not take', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/_probe', payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('answers 500 with a request id and no internals for anything unexpected', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/_probe/boom', headers: { 'x-request-id': 'req-123' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String), requestId: 'req-123' } });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.headers['x-request-id']).toBe('req-123');
  });

  it('carries a domain error code, status and details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/_probe/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', details: { current: 'accepted' } });
  });
});
