/** What the web app needs to know about the server's configuration, and nothing more. */
import { z } from 'zod';

export const PublicConfigSchema = z.object({
  /** Map tile URL template ({z}/{x}/{y}), OpenStreetMap's by default; null (TILE_URL=off): maps draw on a plain background. */
  tileUrl: z.string().nullable(),
  /** The tiles' attribution (HTML) set by the operator; null: none set (OpenStreetMap's own tiles get theirs from the app). */
  tileAttribution: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
