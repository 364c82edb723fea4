import { describe, expect, it } from 'vitest';
import { createTestApp } from '@testing/test-app';

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
});
