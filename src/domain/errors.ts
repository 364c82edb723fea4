/**
 * The one error shape of the API (product.md §4) and its codes. The client translates
 * `code` (never server text); the server renders `message` in the request's language.
 */
import { z } from 'zod';

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'route_not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal',
  'database_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(FieldErrorSchema).optional(),
    requestId: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** HTTP status each code answers with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  malformed_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  database_unavailable: 503,
};

/** Thrown by services; the server's one error handler turns it into the error shape. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number = ERROR_STATUS[code as ErrorCode] ?? 400,
    readonly details?: Record<string, unknown>,
    readonly fields?: Omit<FieldError, 'message'>[],
  ) {
    super(code);
    this.name = 'DomainError';
  }
}
