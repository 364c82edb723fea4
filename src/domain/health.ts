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
