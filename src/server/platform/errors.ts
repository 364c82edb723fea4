/**
 * The one error handler: every failure leaves the API as `{ error: { code, message, fields? } }`
 * in the request's language (docs/product.md §4). Unexpected errors answer 500 with the request id
 * only; the stack goes to the log.
 */
import { DomainError, ERROR_STATUS, type ApiError, type ErrorCode } from '@domain/errors';
import { errorMessage, fieldMessage } from '@domain/i18n/messages';
import { issuesToFields } from '@domain/validation';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { languageFromHeader, messages } from './i18n';

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
  const body: ApiError = { error: { code, message: errorMessage(messages(lang), code, params ?? extra.details), ...extra } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The multipart parser's own errors carry no status; they all mean the body is cut short or malformed. */
function isBrokenMultipart(request: FastifyRequest, error: unknown): boolean {
  return (
    /^\s*multipart\//i.test(request.headers['content-type'] ?? '') &&
    error instanceof Error &&
    /unexpected end of multipart data|terminated early|^Multipart:|needle|Malformed part header/i.test(error.message)
  );
}

/** PostgreSQL's SQLSTATE of an error, as thrown by pg or wrapped by Drizzle. */
function sqlState(error: unknown): string | undefined {
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string' && /^[0-9A-Z]{5}$/.test(own)) return own;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === 'string' && /^[0-9A-Z]{5}$/.test(cause) ? cause : undefined;
}

/**
 * The database unreachable: refused, shut down, the connection lost, not made within the connect
 * timeout (node-postgres's client: "timeout expired"), or the pool's wait for a connection given up
 * after POOL_WAIT_MS (db/database.ts).
 */
export function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ENOENT' || code === '57P01' || code === '57P03' ||
    (error instanceof Error && /Connection terminated|^timeout expired$|timeout exceeded when trying to connect/.test(error.message));
}

function errorBody(code: ErrorCode, lang: 'en' | 'ar' = 'en'): string {
  return JSON.stringify({ error: { code, message: errorMessage(messages(lang), code) } } satisfies ApiError);
}

/**
 * Bytes Node's HTTP parser refuses (a NUL in a header, broken framing, headers too large) never reach
 * Fastify; Node's own answer is a bare `Bad Request`. They get the one error shape here, in English
 * (no header was readable), and the connection closes only after the answer is out: the rest of
 * what the client sends is read and dropped meanwhile, since closing a socket with unread input makes
 * the kernel reset it, and the client would lose the answer.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout'
    : error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large'
    : error.code === 'HPE_URI_TOO_LONG' ? 'url_too_long'
    : 'malformed_request';
  const status = ERROR_STATUS[code];
  const body = errorBody(code);
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 2_000).unref();
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 417: 'Expectation Failed', 431: 'Request Header Fields Too Large' };

/** Requests Fastify's router refuses before any route (a URL it cannot decode, a parameter over its length). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'url_too_long' : 'malformed_request';
  void sendError(request, reply, ERROR_STATUS[code], code);
}

/** An Expect header other than 100-continue: Node would answer a bare 417 itself. */
function refuseExpectation(request: IncomingMessage, response: ServerResponse): void {
  const body = errorBody('expectation_failed', languageFromHeader(request.headers['accept-language']));
  request.resume();
  response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  response.end(body);
}

/**
 * RFC 2046: a boundary is 1 to 70 of these characters, not ending in a space. The multipart parser
 * throws plain errors (no boundary) or refuses to start (a boundary over 256) on anything else, so
 * the boundary is checked before any route reads the body.
 */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.server.on('checkExpectation', refuseExpectation);
  app.addHook('onRequest', (request, reply, done) => {
    const contentType = request.headers['content-type'];
    if (contentType && /^\s*multipart\//i.test(contentType)) {
      const boundary = boundaryOf(contentType);
      if (boundary === undefined || !BOUNDARY.test(boundary)) {
        void sendError(request, reply, 400, 'malformed_request');
        return;
      }
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const lang = languageFromHeader(request.headers['accept-language']);

    if (error instanceof RequestValidationError) {
      const prefix = error.validationContext && error.validationContext !== 'body' ? `${error.validationContext}.` : '';
      const fields = issuesToFields(error.issues, messages(lang)).map((f) => ({ ...f, path: prefix + f.path }));
      return sendError(request, reply, 400, 'validation_failed', { fields });
    }
    if (error instanceof DomainError) {
      const fields = error.fields?.map((field) => ({ ...field, message: fieldMessage(messages(lang), field.code, field.params) }));
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
    if (isBrokenMultipart(request, error)) return sendError(request, reply, 400, 'malformed_request');
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'unprocessable';
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return sendError(request, reply, status, code);
    }
    // Class 22, data exception: a value the client sent passed its contract but does not fit the column
    // (an integer past int4, a NUL inside text, a date outside PostgreSQL's range). Nothing was written.
    if (sqlState(error)?.startsWith('22')) {
      request.log.warn({ err: error }, 'value refused by the database');
      return sendError(request, reply, 422, 'unprocessable');
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(request, reply, 503, 'database_unavailable', { requestId: String(request.id) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, 'internal', { requestId: String(request.id) });
  });
}
