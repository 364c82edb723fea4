/**
 * Truck files (logos, photos, documents; menu photos later): multipart upload, judged by content
 * (file-type), at most 10 MB; images are re-encoded by sharp (dropping metadata such as GPS) and
 * resized; files live under UPLOADS_DIR/trucks/<truckId>/. Logos and photos are public; other files
 * are served only to the truck's owner and to admins.
 *
 *   POST /api/v1/trucks/:truckId/uploads?purpose=logo|photo|document   (multipart field "file")
 *   GET  /api/v1/trucks/:truckId/uploads/:uploadId
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { DomainError } from '@domain/errors';
import {
  claimedType,
  MAX_IMAGE_SIDE,
  PUBLIC_PURPOSES,
  PURPOSE_TYPES,
  TYPE_LABELS,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  UploadQuerySchema,
  UploadSchema,
  uploadUrl,
  type Upload,
  type UploadPurpose,
  type UploadType,
} from '@domain/uploads';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { truckUploads } from '../db/tables/trucks';
import { authOf } from './auth';
import { can, requireTruck, truckAccessDoc, truckAccessOf, truckGuard } from './truck-access';

export type StoredMime = 'application/pdf' | 'image/webp';
type UploadRow = typeof truckUploads.$inferSelect;

/**
 * A cap against abuse, sized for the largest real menu (a photo per item of several hundred) plus
 * every logo, photo and document, with room for replacements.
 */
const MAX_UPLOADS_PER_TRUCK = 1000;
/** Refused before decoding: a small file can still claim huge dimensions. */
const MAX_INPUT_PIXELS = 60_000_000;
const isUuid = (value: string) => z.uuid().safeParse(value).success;

const labels = (types: readonly UploadType[]) => types.map((type) => TYPE_LABELS[type]);
const fileTooLarge = () => new DomainError('file_too_large', 413, { maxMb: UPLOAD_MAX_BYTES / 1024 / 1024 });
const unreadable = () => new DomainError('file_unreadable', 422);

export function toUpload(row: UploadRow): Upload {
  return { id: row.id, purpose: row.purpose, mime: row.mime, bytes: row.bytes, name: row.originalName, url: uploadUrl(row.truckId, row.id) };
}

/**
 * What to store for an upload, or a clear refusal: the content decides the type. A file whose name
 * or declared type claims one of ours while its content is something else is called disguised.
 */
export async function processUpload(
  data: Buffer,
  file: { name: string; declaredType: string },
  purpose: UploadPurpose,
): Promise<{ data: Buffer; mime: StoredMime }> {
  if (data.length > UPLOAD_MAX_BYTES) throw fileTooLarge();
  const accepted = PURPOSE_TYPES[purpose];
  const sniffed = (await fileTypeFromBuffer(data))?.mime;
  if (!sniffed || !(accepted as readonly string[]).includes(sniffed)) {
    const declared = (UPLOAD_TYPES as readonly string[]).includes(file.declaredType) ? (file.declaredType as UploadType) : undefined;
    const claimed = claimedType(file.name) ?? declared;
    if (claimed && claimed !== sniffed) throw new DomainError('file_disguised', 415, { claimed: TYPE_LABELS[claimed], allowed: labels(accepted) });
    throw new DomainError('file_type_not_allowed', 415, { allowed: labels(accepted) });
  }
  if (sniffed === 'application/pdf') {
    // A real PDF ends with its end-of-file marker; a cut-off or forged one does not.
    if (!data.subarray(-1024).includes('%%EOF')) throw unreadable();
    return { data, mime: 'application/pdf' };
  }
  const side = MAX_IMAGE_SIDE[purpose];
  try {
    const image = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data: image, mime: 'image/webp' };
  } catch {
    // Truncated or corrupt data behind a valid signature.
    throw unreadable();
  }
}

export const truckFilePath = (uploadsDir: string, truckId: string, uploadId: string, mime: StoredMime) =>
  path.join(uploadsDir, 'trucks', truckId, `${uploadId}.${mime === 'application/pdf' ? 'pdf' : 'webp'}`);

/** Written under a temporary name first, so a reader never sees half a file. */
export async function writeTruckFile(uploadsDir: string, truckId: string, uploadId: string, mime: StoredMime, data: Buffer): Promise<void> {
  const target = truckFilePath(uploadsDir, truckId, uploadId, mime);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, target);
}

const Params = z.object({ truckId: z.string(), uploadId: z.string() });
const tags = ['uploads'];
const bearer = [{ bearer: [] }];
/** Private files (documents) are the owner's; admins read them to review an application. */
const privateFileRule = can('truck.view', 'read');

export async function uploadsPlugin(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = instance.database;
  const { uploadsDir } = instance.config;
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/trucks/:truckId/uploads',
    {
      schema: {
        tags,
        summary: `Upload a truck file: multipart field "file"; PDF (documents only), JPEG, PNG or WebP by content, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
        consumes: ['multipart/form-data'],
        security: bearer,
        params: Params.pick({ truckId: true }),
        querystring: UploadQuerySchema,
        response: { 201: UploadSchema },
      },
      preValidation: truckGuard(can('truck.edit')),
    },
    async (request, reply) => {
      const { truck } = truckAccessOf(request);
      const { purpose } = request.query;
      const [held] = await db.select({ n: count() }).from(truckUploads).where(eq(truckUploads.truckId, truck.id));
      if ((held?.n ?? 0) >= MAX_UPLOADS_PER_TRUCK) throw new DomainError('upload_limit', 409, { max: MAX_UPLOADS_PER_TRUCK });
      if (!request.isMultipart()) throw new DomainError('unsupported_media_type', 415);
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw new DomainError('validation_failed', 400, undefined, [{ path: 'file', code: 'required' }]);
      const raw = await part.toBuffer().catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
      });
      const stored = await processUpload(raw, { name: part.filename, declaredType: part.mimetype }, purpose);
      const id = randomUUID();
      await writeTruckFile(uploadsDir, truck.id, id, stored.mime, stored.data);
      const [row] = await db
        .insert(truckUploads)
        .values({
          truckId: truck.id,
          id,
          purpose,
          mime: stored.mime,
          bytes: stored.data.length,
          originalName: part.filename.slice(0, 200),
          uploadedBy: authOf(request).userId,
        })
        .returning();
      return reply.status(201).send(toUpload(row!));
    },
  );

  app.get(
    '/trucks/:truckId/uploads/:uploadId',
    {
      schema: {
        tags,
        summary: 'A truck file: logos and photos are public; documents need the owner or an admin',
        security: bearer,
        params: Params,
        produces: ['image/webp', 'application/pdf'] satisfies StoredMime[],
        ...truckAccessDoc(privateFileRule),
      },
    },
    async (request, reply) => {
      const { truckId, uploadId } = request.params;
      const [row] =
        isUuid(truckId) && isUuid(uploadId)
          ? await db.select().from(truckUploads).where(and(eq(truckUploads.truckId, truckId), eq(truckUploads.id, uploadId)))
          : [];
      const isPublic = row !== undefined && PUBLIC_PURPOSES.includes(row.purpose);
      // Strangers learn nothing about private files, not even whether they exist.
      if (!isPublic) await requireTruck(request, truckId, privateFileRule);
      if (!row) throw new DomainError('not_found', 404);
      const data = await readFile(truckFilePath(uploadsDir, row.truckId, row.id, row.mime)).catch(() => null);
      if (!data) throw new DomainError('not_found', 404);
      const fileName = encodeURIComponent(row.originalName);
      return reply
        .type(row.mime)
        .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .header('content-disposition', `inline; filename*=UTF-8''${fileName}`)
        .send(data);
    },
  );
}
