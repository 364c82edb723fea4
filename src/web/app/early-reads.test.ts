import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithEarlyReads, takeEarlyRead } from './early-reads';

const HEADERS = { authorization: 'Bearer t1', 'accept-language': 'en' };

function startEarly(paths: string[], at = performance.now()) {
  const reads = Object.fromEntries(paths.map((path) => [path, Promise.resolve(new Response(JSON.stringify({ early: path })))]));
  (globalThis as { __tdEarlyReads?: unknown }).__tdEarlyReads = { at, authorization: HEADERS.authorization, lang: 'en', reads };
}

const get = (path: string, headers: Record<string, string> = HEADERS) => new Request(`http://localhost${path}`, { headers });

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { __tdEarlyReads?: unknown }).__tdEarlyReads;
});

describe('early reads', () => {
  it('answer the same read of the same session once, then the network answers', async () => {
    startEarly(['/api/v1/me']);
    const network = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ network: true }))));
    vi.stubGlobal('fetch', network);
    expect(await (await fetchWithEarlyReads(get('/api/v1/me'))).json()).toEqual({ early: '/api/v1/me' });
    expect(network).not.toHaveBeenCalled();
    expect(await (await fetchWithEarlyReads(get('/api/v1/me'))).json()).toEqual({ network: true });
  });

  it('are not used for another path, another method, another session or language, or once old', () => {
    startEarly(['/api/v1/me']);
    expect(takeEarlyRead(get('/api/v1/trucks'))).toBeNull();
    expect(takeEarlyRead(new Request('http://localhost/api/v1/me', { method: 'PATCH', headers: HEADERS }))).toBeNull();
    expect(takeEarlyRead(get('/api/v1/me', { ...HEADERS, authorization: 'Bearer t2' }))).toBeNull();
    startEarly(['/api/v1/me']);
    expect(takeEarlyRead(get('/api/v1/me', { ...HEADERS, 'accept-language': 'ar' }))).toBeNull();
    startEarly(['/api/v1/me'], performance.now() - 60_000);
    expect(takeEarlyRead(get('/api/v1/me'))).toBeNull();
  });

  it('fall back to the network when the early read failed (the signal dropped as the page started)', async () => {
    (globalThis as { __tdEarlyReads?: unknown }).__tdEarlyReads = { at: performance.now(), authorization: HEADERS.authorization, lang: 'en', reads: { '/api/v1/me': Promise.resolve(null) } };
    const network = vi.fn(() => Promise.resolve(new Response('{"network":true}')));
    vi.stubGlobal('fetch', network);
    expect(await (await fetchWithEarlyReads(get('/api/v1/me'))).json()).toEqual({ network: true });
  });

  it('leave requests alone when the page started none', async () => {
    const network = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', network);
    await fetchWithEarlyReads(get('/api/v1/me'));
    expect(network).toHaveBeenCalledTimes(1);
  });
});
