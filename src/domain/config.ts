/** What the web app needs to know about the server's configuration, and nothing more. */
import { z } from 'zod';

export const PublicConfigSchema = z.object({
  /** Map tile URL template ({z}/{x}/{y}); null: maps draw on a plain background. */
  tileUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
