import sharp from 'sharp';

/** Longest side of the thumbnails shown in lists and cards. */
export const THUMB_SIZE = 160;

/** A WebP thumbnail that fits THUMB_SIZE, rotated upright from the photo's EXIF. */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes)
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Re-encodes an upload as WebP at most 1200 px wide, which also drops whatever else the file carried. */
export async function normaliseImage(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes)
    .rotate()
    .resize(1200, 1200, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
}
