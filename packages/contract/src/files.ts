import { UPLOAD_LIMIT_BYTES } from './constants.js';

/** What an upload may be, recognised by its first bytes, never by its name. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4'] as const;
export type UploadMimeType = (typeof IMAGE_MIME_TYPES)[number] | (typeof VIDEO_MIME_TYPES)[number];

export function sniffMimeType(bytes: Uint8Array): UploadMimeType | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'video/mp4';
  return null;
}

export function isUnderUploadLimit(size: number): boolean {
  return size > 0 && size < UPLOAD_LIMIT_BYTES;
}
