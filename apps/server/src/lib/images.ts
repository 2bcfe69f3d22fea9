import type { MessageKey } from '@vitrina/contract';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from './errors.js';

/** Longest side of the thumbnails shown in lists and cards. */
export const THUMB_SIZE = 160;
/** Longest side of a product picture as stored. */
export const IMAGE_SIZE = 1200;
/**
 * The most pixels an upload may decode to. 40 MP is more than any phone or fridge camera
 * takes (a 2 MB file of more is a decompression bomb: 16000×16000 PNG is 746 KB and 1 GB
 * of pixels), and at 4 bytes a pixel bounds one decode to 160 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Images decoded at once; the rest wait their turn, so other requests stay fast. */
export const IMAGE_CONCURRENCY = 2;
/** Uploads allowed to wait; past that the caller is told to come back (429). */
export const IMAGE_QUEUE_MAX = 32;
/** One image that takes longer than this is given up on. */
const IMAGE_TIMEOUT_S = 20;

export type ImageProblem = 'too_many_pixels' | 'undecodable';

/** Why an upload is not a picture we keep; the caller chooses the message. */
export class ImageRejectedError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/** The answer to an image that was refused: too many pixels (413), or `undecodable` (400). */
export function imageUploadError(error: unknown, undecodable: MessageKey): unknown {
  if (!(error instanceof ImageRejectedError)) return error;
  if (error.problem === 'too_many_pixels') {
    const key = 'upload.image_too_many_pixels';
    return new AppError(413, key, { megapixels: MAX_INPUT_PIXELS / 1_000_000 }, { file: key });
  }
  return new AppError(400, undecodable, {}, { file: undecodable });
}

/** At most `concurrency` tasks run at once; up to `queueMax` wait in order; more are refused. */
export function createLimiter(concurrency: number, queueMax: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    get pending() {
      return running + waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= queueMax) throw new AppError(429, 'upload.busy');
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

export const imageLimiter = createLimiter(IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX);

/** Reads only the header: the pixel count is known before a single pixel is decoded. */
async function assertDecodable(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new ImageRejectedError('undecodable');
    });
  if (!meta.width || !meta.height) throw new ImageRejectedError('undecodable');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too_many_pixels');
}

/**
 * The one gate of every uploaded image, whatever keeps it (product pictures, dataset files,
 * certificates on their public page, support and ticket attachments): its header must decode
 * to at most MAX_INPUT_PIXELS, read in turn with the other image work. The upload path
 * (plugins/multipart.ts) calls it for each image before any route sees the file.
 */
export function checkImage(bytes: Buffer): Promise<void> {
  return imageLimiter.run(() => assertDecodable(bytes));
}

function pipeline(input: Buffer, options?: SharpOptions) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, ...options }).timeout({ seconds: IMAGE_TIMEOUT_S });
}

type Encoded = { image: Buffer | null; thumb: Buffer };

/**
 * Decodes an upload once and encodes what is kept of it: a WebP thumbnail that fits
 * THUMB_SIZE and, with `keepImage`, the picture itself re-encoded as WebP at most
 * IMAGE_SIZE wide (which also drops whatever else the file carried). Both come upright
 * from the photo's EXIF, from one decoded copy; the work waits for a free slot.
 */
export function encodeImage(bytes: Buffer, { keepImage }: { keepImage: boolean }): Promise<Encoded> {
  return imageLimiter.run(async () => {
    await assertDecodable(bytes);
    try {
      const size = keepImage ? IMAGE_SIZE : THUMB_SIZE;
      const { data, info } = await pipeline(bytes)
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const thumb = await pipeline(data, raw)
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const image = keepImage ? await pipeline(data, raw).webp({ quality: 85 }).toBuffer() : null;
      return { image, thumb };
    } catch {
      // Right magic bytes and a header, but no picture behind them.
      throw new ImageRejectedError('undecodable');
    }
  });
}
