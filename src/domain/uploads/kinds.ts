/**
 * Files a truck uploads: what each purpose accepts (judged by the file's content, never its name),
 * the size limit and who may see it. No schemas here (./index.ts has them): the file pickers and
 * links read these without zod.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_TYPES = ['application/pdf', ...IMAGE_TYPES] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The extension people give each accepted type: a file named like one but not made like one is disguised. */
const TYPE_EXTENSIONS: Record<UploadType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};
export const TYPE_LABELS: Record<UploadType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

export const UPLOAD_PURPOSES = ['logo', 'photo', 'document', 'menu_photo'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const PURPOSE_TYPES: Record<UploadPurpose, readonly UploadType[]> = {
  logo: IMAGE_TYPES,
  photo: IMAGE_TYPES,
  document: UPLOAD_TYPES,
  menu_photo: IMAGE_TYPES,
};

/** Logos and photos (the truck's and the menu's) are shown to customers; documents only to the truck's owner and admins. */
export const PUBLIC_PURPOSES: readonly UploadPurpose[] = ['logo', 'photo', 'menu_photo'];

/** Images are re-encoded; the longest side is at most this many pixels (documents stay legible). */
export const MAX_IMAGE_SIDE: Record<UploadPurpose, number> = { logo: 512, photo: 1600, document: 2400, menu_photo: 1200 };

export const uploadUrl = (truckId: string, uploadId: string) => `/api/v1/trucks/${truckId}/uploads/${uploadId}`;

/** The type a file's name claims, from its extension; undefined for names that claim none we take. */
export function claimedType(fileName: string): UploadType | undefined {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return UPLOAD_TYPES.find((type) => TYPE_EXTENSIONS[type].includes(extension));
}
