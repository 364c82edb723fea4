import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    kind: z.enum(['embedded', 'external']),
    ok: z.boolean(),
    roundTripMs: z.number().optional(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;

/** Liveness: the process answers (restart it when it does not). */
export const LivenessSchema = z.object({ status: z.literal('ok') });

/** Readiness: send it requests (false while its database is unreachable or while it shuts down). */
export const ReadinessSchema = HealthSchema.extend({
  ready: z.boolean(),
  /** Why not ready. */
  reason: z.enum(['database_unreachable', 'shutting_down']).optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
