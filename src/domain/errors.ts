/**
 * The one error shape of the API (docs/product.md §4) and its codes. The client translates
 * `code` (never server text); the server renders `message` in the request's language.
 */
import { z } from 'zod';

export { codesOfStatus, ERROR_CODES, ERROR_STATUS, DomainError, FEATURE_ERROR_CODES, LANGS, type ErrorCode, type Lang } from './error-codes';

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
