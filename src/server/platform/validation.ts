/**
 * Requests are validated by the zod schemas from src/domain (the same ones the web forms use),
 * replies serialized by them; issues go to the one error handler with every bad field listed. Every
 * string that passed its schema must also be text the database can store (unstorableTextIssues): a
 * field holding a NUL or a lone surrogate is refused like any other bad field, and a path parameter
 * holding one names nothing (404).
 * A frozen reply (a shared value from the read cache) cannot change, so each route serializes it once.
 */
import { DomainError } from '@domain/errors';
import { unstorableTextIssues } from '@domain/validation';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RequestValidationError } from './errors';

export function registerZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    if (!result.success) return { error: new RequestValidationError(result.error.issues) };
    const unstorable = unstorableTextIssues(result.data);
    if (unstorable.length === 0) return { value: result.data };
    return { error: httpPart === 'params' ? new DomainError('not_found', 404) : new RequestValidationError(unstorable) };
  });
  app.setSerializerCompiler((route) => {
    const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    const serialized = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
      let text = serialized.get(data);
      if (text === undefined) serialized.set(data, (text = serialize(data)));
      return text;
    };
  });
}
