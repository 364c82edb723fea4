/**
 * The uploads' contracts: the query naming a file's purpose and the reply that describes a stored
 * file. What each purpose accepts, the limits and who may see a file are ./uploads/kinds.ts.
 */
import { z } from 'zod';
import { UPLOAD_PURPOSES } from './kinds';

export * from './kinds';

export const UploadQuerySchema = z.strictObject({ purpose: z.enum(UPLOAD_PURPOSES) });

export const UploadSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(UPLOAD_PURPOSES),
  /** What is stored: images become WebP, PDFs stay PDFs. */
  mime: z.enum(['application/pdf', 'image/webp']),
  bytes: z.int().nonnegative(),
  /** The name the file had on the uploader's device, for display only. */
  name: z.string(),
  url: z.string(),
});
export type Upload = z.infer<typeof UploadSchema>;
