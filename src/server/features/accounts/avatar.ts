/**
 * Avatars: the upload's content (not its name or declared type) must be JPEG, PNG or WebP; it is
 * re-encoded by sharp (dropping metadata such as GPS), cropped to a square and stored under
 * DATA_DIR/uploads/avatars with a random name, which is also what makes its URL unguessable.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@domain/accounts';
import { DomainError } from '@domain/errors';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export const AVATAR_SIZE = 512;
export const AVATAR_FILE_NAME = /^[a-f0-9]{32}\.webp$/;
/** Larger images are refused before decoding: a small file can still claim huge dimensions. */
const MAX_INPUT_PIXELS = 50_000_000;

export const avatarDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars');
export const avatarUrl = (fileName: string | null) => (fileName ? `/api/v1/avatars/${fileName}` : null);

export const imageTooLarge = () => new DomainError('image_too_large', 413, { maxMb: AVATAR_MAX_BYTES / 1024 / 1024 });
const unsupported = () => new DomainError('unsupported_image', 415);

export async function normalizeAvatar(upload: Buffer): Promise<Buffer> {
  if (upload.length > AVATAR_MAX_BYTES) throw imageTooLarge();
  const type = await fileTypeFromBuffer(upload);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) throw unsupported();
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data behind a valid signature.
    throw unsupported();
  }
}

export async function saveAvatar(dataDir: string, image: Buffer): Promise<string> {
  const dir = avatarDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const temp = path.join(dir, `.${name}.tmp`);
  await writeFile(temp, image);
  await rename(temp, path.join(dir, name));
  return name;
}

export async function removeAvatar(dataDir: string, fileName: string | null): Promise<void> {
  if (fileName && AVATAR_FILE_NAME.test(fileName)) await rm(path.join(avatarDir(dataDir), fileName), { force: true });
}

export async function readAvatar(dataDir: string, fileName: string): Promise<Buffer | null> {
  if (!AVATAR_FILE_NAME.test(fileName)) return null;
  try {
    return await readFile(path.join(avatarDir(dataDir), fileName));
  } catch {
    return null;
  }
}
