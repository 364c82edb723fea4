/**
 * What the order and booking flows share: how a status change is refused, what a history row
 * records, why a reason is required, and how dashboard tabs group statuses (./tabs.ts,
 * which the browser's shell reads without zod).
 */
import { z } from 'zod';

export * from './tabs';

export const REASON_MAX_LENGTH = 500;

/** Trimmed first, so a reason of spaces is no reason; the client translates `reason_required`. */
export const ReasonSchema = z
  .string()
  .trim()
  .max(REASON_MAX_LENGTH)
  .refine((reason) => reason.length > 0, { params: { code: 'reason_required' } });

export const VersionSchema = z.int().nonnegative();

export type HistoryEntry<Status, Action> = { status: Status; action: Action; reason?: string };

/** The service answers 409 with the current status (docs/product.md §2.6, §2.7). */
export type IllegalTransition<Status, Action> = { ok: false; code: 'illegal_transition'; from: Status; action: Action };

/** A command that slipped past the route's validation (a job, auto-accept): issues map to fields as usual. */
export type InvalidCommand = { ok: false; code: 'validation_failed'; issues: z.core.$ZodIssue[] };

export function parseCommand<T>(schema: z.ZodType<T>, command: unknown): { ok: true; data: T } | InvalidCommand {
  const parsed = schema.safeParse(command, { reportInput: true });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, code: 'validation_failed', issues: parsed.error.issues };
}

