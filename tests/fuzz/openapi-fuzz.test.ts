/**
 * Every operation of the OpenAPI document, called over real HTTP with values made from its schemas
 * and hostile ones (fast-check, seeded): no answer may be a 5xx, every refusal is in the one error
 * shape, no request may end in a reset, a closed connection or a hang, and well-formed clients
 * running beside the fuzzer all get their answers.
 *
 *   npx vitest run --project api tests/fuzz                      # the CI size (FUZZ_REQUESTS, default 10,000)
 *   FUZZ_FULL=1 npx vitest run --project api tests/fuzz          # the full size (60,000)
 *   FUZZ_SEED=123 FUZZ_ONLY=4711 npx vitest run --project api tests/fuzz   # replay one request of a run
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ApiErrorSchema } from '@domain/errors';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoAnswer, rawRequest, type RawAnswer } from '@testing/raw-http';
import { apiOperations, buildWorld, fillPath, type ApiOperation, type World } from '@testing/route-matrix';
import { createTestApp } from '@testing/test-app';
import { brokenFraming, contentTypeCases, oddHeader, type FuzzRequest } from './hostile-requests';
import { arbitraryOf, hostileString } from './schema-arbitrary';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (process.env.FUZZ_FULL ? 60_000 : 10_000));
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
const CONCURRENCY = 12;
const BATCH = 250;
/** Requests whose session-ending or password effects would sign the fuzzer's own principals out. */
const SELF_DESTRUCTIVE = /\/auth\/sign-out|\/me\/password$/;

let app: FastifyInstance;
let port: number;
let world: World;
let operations: ApiOperation[];
const causes = new Map<string, string>();

beforeAll(async () => {
  ({ app } = await createTestApp({
    // The cause of a 5xx goes into the failure report beside the request.
    extend: (instance) => instance.addHook('onError', (request, _reply, error, done) => {
      causes.set(String(request.id), error.stack ?? String(error));
      done();
    }),
  }));
  world = await buildWorld(app);
  operations = await apiOperations(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 120_000);

/** `arbitrary` in `weight` of `weight + otherwise` cases, undefined in the others. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight: number, otherwise: number) =>
  fc.oneof({ weight, arbitrary }, { weight: otherwise, arbitrary: fc.constant(undefined) });

function tokensFor(operation: ApiOperation): fc.Arbitrary<string | undefined> {
  const safe = SELF_DESTRUCTIVE.test(operation.path);
  return fc.oneof(
    { weight: safe ? 0 : 12, arbitrary: fc.constant(world.home.owner.token) },
    { weight: safe ? 0 : 2, arbitrary: fc.constant(world.home.staff.token) },
    { weight: safe ? 0 : 1, arbitrary: fc.constant(world.admin.token) },
    { weight: 1, arbitrary: fc.constant(world.other.owner.token) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('garbage', `${world.home.owner.token}x`, world.home.owner.token.split('.').slice(0, 2).join('.') + '.') },
  );
}

/** A value for a path parameter: mostly a real id of truck A, sometimes anything. */
function pathValue(name: string): fc.Arbitrary<string> {
  const real = world.ids[name];
  return fc.oneof(
    { weight: real ? 8 : 0, arbitrary: fc.constant(real ?? '') },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 3_000) },
  );
}

function schemaRequest(operation: ApiOperation): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const mutate = fc.boolean();
  return fc
    .record({
      mutateValues: mutate,
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p.name)]))),
      query: fc.record(
        Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof({ weight: 3, arbitrary: arbitraryOf(p.schema, false) }, { weight: 1, arbitrary: arbitraryOf(p.schema, true) })])),
        // Required ones are usually there, or the request never gets past validation.
        { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
      ),
      headers: fc.record(Object.fromEntries(headerParams.map((p) => [p.name, arbitraryOf(p.schema, false)])), { requiredKeys: [] }),
      token: tokensFor(operation),
      odd: sometimes(oddHeader, 1, 9),
      body: operation.body ? fc.oneof(arbitraryOf(operation.body, false), arbitraryOf(operation.body, true)) : fc.constant(undefined),
      dropRequired: fc.integer({ min: 0, max: 9 }),
      bodyCase: sometimes(contentTypeCases, operation.multipart ? 1 : 1, operation.multipart ? 1 : 9),
    })
    .map(({ path, query, headers, token, odd, body, bodyCase, dropRequired }) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined && !(dropRequired === 0 && queryParams.some((p) => p.name === key && p.required))) search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
      const target = fillPath(operation.path, path) + (search.size ? `?${search.toString()}` : '');
      const list: [string, string][] = [];
      for (const [key, value] of Object.entries(headers)) if (typeof value === 'string' && /^[\x20-\x7e]*$/.test(value)) list.push([key, value]);
      if (token) list.push(['Authorization', `Bearer ${token}`]);
      if (odd) list.push(odd);
      let payload: Buffer | undefined;
      let kind = 'schema values';
      if (bodyCase) {
        list.push(['Content-Type', bodyCase.contentType]);
        payload = bodyCase.body;
        kind = bodyCase.kind;
      } else if (body !== undefined && operation.method !== 'GET' && operation.method !== 'DELETE') {
        list.push(['Content-Type', 'application/json']);
        payload = Buffer.from(JSON.stringify(body));
      }
      if (payload) list.push(['Content-Length', String(payload.length)]);
      return { method: operation.method, target, headers: list, ...(payload ? { body: payload } : {}), kind: odd ? `${kind}, ${odd[0]}: ${odd[1].slice(0, 40)}` : kind };
    });
}

function requests(): fc.Arbitrary<FuzzRequest> {
  const candidates = operations.filter((op) => !op.streams);
  return fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...candidates).chain(schemaRequest) },
    { weight: 1, arbitrary: fc.constantFrom(...operations.map((op) => fillPath(op.path, world.ids))).chain(brokenFraming) },
  );
}

function describeRequest(index: number, request: FuzzRequest): string {
  const body = request.body ? request.body.subarray(0, 300).toString('latin1') + (request.body.length > 300 ? `… (${request.body.length} bytes)` : '') : '';
  const headers = request.headers.map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}… (${v.length})` : v}`).join(' | ');
  return `#${index} [${request.kind}] ${request.method} ${request.target.slice(0, 300)}\n   headers: ${headers}\n   body: ${JSON.stringify(body)}\n   replay: FUZZ_SEED=${SEED} FUZZ_ONLY=${index}`;
}

/** What is wrong with an answer, or undefined. */
function problemWith(request: FuzzRequest, answer: RawAnswer): string | undefined {
  if (answer.status >= 500) {
    const requestId = /"requestId":"([^"]+)"/.exec(answer.body)?.[1];
    const cause = requestId ? causes.get(requestId)?.split('\n').slice(0, 6).join('\n      ') : undefined;
    return `answered ${answer.status}: ${answer.body.slice(0, 300)}${cause ? `\n   cause: ${cause}` : ''}`;
  }
  if (answer.status >= 400 && request.target.startsWith('/api')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return `answered ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
    }
    if (!ApiErrorSchema.safeParse(parsed).success) return `answered ${answer.status} outside the error shape: ${answer.body.slice(0, 200)}`;
  }
  return undefined;
}

/** Well-formed clients beside the fuzzer: each must get its answer while the hostile requests run. */
function bystanders(until: () => boolean): Promise<{ answered: number; failed: string[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const failed: string[] = [];
  let answered = 0;
  const get = (path: string, token?: string) =>
    new Promise<number>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path, agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', (error) => resolve(-(failed.push(`${path}: ${error.message}`))));
    });
  const loop = async (path: string, token?: string) => {
    while (!until()) {
      const status = await get(path, token);
      // A steady trickle, not a second load: they are witnesses.
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (status === 200) answered++;
      else if (status > 0) failed.push(`${path}: ${status}`);
    }
  };
  return Promise.all([loop('/api/v1/health'), loop(`/api/v1/trucks/${world.ids.truckId}/orders/desk`, world.home.owner.token)]).then(() => {
    agent.destroy();
    return { answered, failed };
  });
}

describe('OpenAPI fuzzing', () => {
  afterAll(() => app?.server.closeAllConnections());

  it(`answers ${ONLY === undefined ? REQUESTS : 1} generated requests without a 5xx, a reset or a hang (seed ${SEED})`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const slowest = new Map<string, number>();
    let sent = 0;
    let done = false;
    const beside = bystanders(() => done);
    const started = performance.now();
    const arbitrary = requests();
    for (let first = 0; first < REQUESTS; first += BATCH) {
      if (ONLY !== undefined && (ONLY < first || ONLY >= first + BATCH)) continue;
      // Each batch has its own seed, so one request can be replayed without making the others.
      const batch = fc.sample(arbitrary, { seed: SEED + first, numRuns: Math.min(BATCH, REQUESTS - first) });
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batch.length) {
            const index = first + next;
            const request = batch[next++]!;
            if (ONLY !== undefined && index !== ONLY) continue;
            sent++;
            const before = performance.now();
            try {
              const answer = await rawRequest(port, { ...request, timeoutMs: 15_000 });
              const key = `${request.kind.split(',')[0]} ${request.method} ${request.target.split('?')[0]!.replace(/[0-9a-f-]{36}/g, ':id').slice(0, 60)}`;
              slowest.set(key, (slowest.get(key) ?? 0) + performance.now() - before);
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              const problem = problemWith(request, answer);
              if (problem) failures.push(`${describeRequest(index, request)}\n   ${problem}`);
            } catch (error) {
              if (!(error instanceof NoAnswer)) throw error;
              failures.push(`${describeRequest(index, request)}\n   ${error.message}`);
            }
          }
        }),
      );
    }
    done = true;
    const { answered, failed } = await beside;
    const seconds = (performance.now() - started) / 1000;
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    process.stdout.write(`fuzz: ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED}); ${summary}; bystanders answered ${answered}\n`);
    if (process.env.FUZZ_TIMES) process.stdout.write([...slowest].sort(([, a], [, b]) => b - a).slice(0, 25).map(([k, ms]) => `${ms.toFixed(0).padStart(8)} ms  ${k}`).join('\n') + '\n');
    if (failures.length) {
      const report = path.join(tmpdir(), `fuzz-failures-${SEED}.txt`);
      writeFileSync(report, failures.join('\n\n'));
      process.stdout.write(`fuzz: every bad answer is in ${report}\n`);
    }
    expect(failures.slice(0, 30).join('\n\n'), `${failures.length} bad answers`).toBe('');
    expect(failed, 'well-formed clients beside the fuzzer').toEqual([]);
    if (ONLY === undefined) expect(sent).toBe(REQUESTS);
  }, 600_000);
});
