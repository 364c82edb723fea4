/**
 * The one error handler: every failure leaves the API as `{ error: { code, message, fields? } }`
 * in the request's language (product.md §4). Unexpected errors answer 500 with the request id
 * only; the stack goes to the log.
 */
import { DomainError, ERROR_STATUS, type ApiError, type ErrorCode } from '@domain/errors';
import { errorMessage, fieldMessage } from '@domain/i18n/error-messages';
import { issuesToFields } from '@domain/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { languageFromHeader } from './i18n';

/** What the zod validator compiler returns; Fastify passes it to the error handler untouched. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  validationContext?: string;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('validation_failed');
    this.name = 'RequestValidationError';
  }
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_json',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'unprocessable',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  extra: Omit<ApiError['error'], 'code' | 'message'> = {},
  params?: Record<string, unknown>,
): FastifyReply {
  const lang = languageFromHeader(request.headers['accept-language']);
  const body: ApiError = { error: { code, message: errorMessage(lang, code, params ?? extra.details), ...extra } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ENOENT' || code === '57P01' || code === '57P03' ||
    (error instanceof Error && /Connection terminated|timeout exceeded when trying to connect/.test(error.message));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const lang = languageFromHeader(request.headers['accept-language']);

    if (error instanceof RequestValidationError) {
      const prefix = error.validationContext && error.validationContext !== 'body' ? `${error.validationContext}.` : '';
      const fields = issuesToFields(error.issues, lang).map((f) => ({ ...f, path: prefix + f.path }));
      return sendError(request, reply, 400, 'validation_failed', { fields });
    }
    if (error instanceof DomainError) {
      const fields = error.fields?.map((field) => ({ ...field, message: fieldMessage(lang, field.code, field.params) }));
      return sendError(request, reply, error.status, error.code, {
        ...(fields ? { fields } : {}),
        ...(error.details ? { details: error.details } : {}),
      });
    }
    const fastifyCode = (error as FastifyError).code;
    if (fastifyCode && FASTIFY_CODES[fastifyCode]) {
      const code = FASTIFY_CODES[fastifyCode];
      return sendError(request, reply, ERROR_STATUS[code], code);
    }
    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return sendError(request, reply, 400, 'malformed_json');
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'unprocessable';
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return sendError(request, reply, status, code);
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(request, reply, 503, 'database_unavailable', { requestId: String(request.id) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'internal', { requestId: String(request.id) });
  });
}
