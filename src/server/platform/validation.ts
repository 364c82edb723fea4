/**
 * Requests are validated by the zod schemas from src/domain (the same ones the web forms use),
 * replies serialized by them; issues go to the one error handler with every bad field listed.
 * A frozen reply (a shared value from the read cache) cannot change, so each route serializes it once.
 */
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RequestValidationError } from './errors';

export function registerZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
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
