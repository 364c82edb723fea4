/**
 * The error codes, their HTTP statuses and the error services throw, without the schemas of
 * errors.ts: the customer's truck page needs these and must not pull zod into its bundle.
 */

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'malformed_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'route_not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'request_timeout',
  'url_too_long',
  'headers_too_large',
  'expectation_failed',
  'internal',
  'database_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status each code answers with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  malformed_json: 400,
  malformed_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  request_timeout: 408,
  url_too_long: 414,
  headers_too_large: 431,
  expectation_failed: 417,
  internal: 500,
  database_unavailable: 503,
};

/** Thrown by services; the server's one error handler turns it into the error shape. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number = ERROR_STATUS[code as ErrorCode] ?? 400,
    readonly details?: Record<string, unknown>,
    readonly fields?: { path: string; code: string; params?: Record<string, unknown> }[],
  ) {
    super(code);
    this.name = 'DomainError';
  }
}
