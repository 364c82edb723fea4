/**
 * Every answer an API test receives through `inject` is checked against the OpenAPI document the app
 * serves, for its operation and status: an undocumented status, a missing documented header, a content
 * type or a body outside the document fails the test (issue #50: the document must not drift).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';

interface MediaDoc {
  schema?: unknown;
}
interface HeaderDoc {
  required?: boolean;
  schema?: { type?: string };
}
interface ResponseDoc {
  $ref?: string;
  headers?: Record<string, HeaderDoc>;
  content?: Record<string, MediaDoc>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, ResponseDoc> }>>;
}

const NO_BODY = new Set([204, 304]);

/** The document's schemas refer to its components by JSON pointer; the validator gets them inlined. */
function inlineRefs(value: unknown, document: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, document, seen));
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Record<string, unknown>;
  if (typeof $ref === 'string' && $ref.startsWith('#/')) {
    if (seen.includes($ref)) throw new Error(`openapi-answers: the document's ${$ref} refers to itself, which inlining cannot follow`);
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return inlineRefs({ ...(target as object), ...rest }, document, [...seen, $ref]);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, inlineRefs(inner, document, seen)]));
}

/** What to say when an answer is outside the document, or undefined when it is inside. */
function problemOf(document: Document, validator: (key: string, schema: unknown) => ValidateFunction, route: { method: string; url: string }, res: InjectResponse): string | undefined {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths[path]?.[route.method.toLowerCase()];
  // Hidden routes (the document itself, the web app's files) and HEAD make no claim in the document.
  if (!operation) return undefined;
  const found = operation.responses[String(res.statusCode)];
  if (!found) return `status ${res.statusCode} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
  const documented = inlineRefs(found, document) as ResponseDoc;
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const value = res.headers[name.toLowerCase()];
    if (header.required && value === undefined) return `the documented header ${name} is missing`;
    if (value !== undefined && header.schema?.type === 'integer' && !/^\d+$/.test(String(value))) return `the header ${name} is ${String(value)}, not an integer`;
  }
  if (res.headers['content-encoding'] || (NO_BODY.has(res.statusCode) && res.body === '')) return undefined;
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const media = documented.content?.[mediaType];
  if (!media) {
    if (res.body === '' && !documented.content) return undefined;
    return `the content type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(documented.content ?? {}).join(', ') || 'no body'})`;
  }
  if (!/[/+]json$/.test(mediaType) || media.schema === undefined) return undefined;
  const validate = validator(`${path} ${route.method} ${res.statusCode} ${mediaType}`, media.schema);
  if (validate(JSON.parse(res.body))) return undefined;
  const errors = (validate.errors ?? []).slice(0, 8).map((error) => `  ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  return `the body is outside its schema:\n${errors.join('\n')}\nbody: ${res.body.slice(0, 1_000)}`;
}

/** Wraps the app's `inject` (before the app is ready) so every answer is checked against the document. */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const routes = new WeakMap<object, { method: string; url: string }>();
  app.addHook('onRequest', (request, _reply, done) => {
    // A route without a schema (a test's own probe) states nothing the document could hold it to.
    if (request.routeOptions.url !== undefined && request.routeOptions.schema) routes.set(request.raw, { method: request.method, url: request.routeOptions.url });
    done();
  });
  let document: Document | undefined;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, logger: false });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(inlineRefs(schema, document) as object)));
    return validate;
  };

  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<InjectResponse>;
  const checked = async (options: InjectOptions | string): Promise<InjectResponse> => {
    const res = await inject(options);
    const route = routes.get(res.raw.req);
    if (!route) return res;
    document ??= app.swagger() as unknown as Document;
    const problem = problemOf(document, validator, route, res);
    if (problem) throw new Error(`OpenAPI: ${route.method} ${route.url} answered ${res.statusCode} outside the document: ${problem}`);
    return res;
  };
  app.inject = checked as FastifyInstance['inject'];
}
