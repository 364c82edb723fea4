/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, brotli/gzip
 * files written at build time, and every other non-API GET answered with index.html: 200 at a
 * screen's address (SPA routes), 404 elsewhere, where the app renders its not-found page.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppPath } from '@domain/screens';
import { sendError } from './errors';

/** CSP hashes of the inline scripts in index.html (the one that sets lang/dir before first paint, the build's fonts preload). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`,
  );
}

export const webStaticPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const indexFile = path.join(options.root, 'index.html');
    const hasBuild = existsSync(indexFile);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api');
      if (!wantsPage || !hasBuild || path.extname(url) !== '') return sendError(request, reply, 404, 'route_not_found');
      reply.header('cache-control', 'no-cache');
      return reply.status(isAppPath(url) ? 200 : 404).sendFile('index.html');
    });
  },
  { name: 'web-static' },
);

export function readIndexHtml(root: string): string | undefined {
  const file = path.join(root, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}
