import multipart from '@fastify/multipart';
import {
  detectUploadType,
  IMAGE_MIME_TYPES,
  isStorableText,
  type MessageKey,
  UPLOAD_LIMIT_BYTES,
  type UploadMimeType,
} from '@vitrina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { checkImage, imageUploadError } from '../lib/images.js';
import type { Upload } from '../lib/uploads.js';

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart);
});

type Options = {
  accept: readonly UploadMimeType[];
  tooLarge: MessageKey;
  wrongType: MessageKey;
};

/** Form fields an upload may carry beside its file; more is not a form of ours. */
export const UPLOAD_MAX_FIELDS = 20;

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * What went wrong while reading multipart, as the answer the caller should get: a limit
 * says how many parts may come, a broken body (no boundary, cut short, not multipart at
 * all: busboy's errors carry no status) says so; the error handler localises either.
 */
function uploadError(error: unknown, options: Options): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, options.tooLarge, {}, { file: options.tooLarge });
  if (typeof code === 'string' && LIMIT_CODES.has(code)) {
    return new AppError(413, 'upload.too_many_parts', { fields: UPLOAD_MAX_FIELDS });
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) return error;
  return new AppError(400, 'upload.malformed');
}

/** A file name as the client sent it, made storable: no control characters, valid Unicode. */
export function safeFilename(name: string): string {
  const cleaned = Array.from(name, (char) => (isStorableText(char) ? char : '\ufffd'))
    .join('')
    .replace(/[\p{Cc}]/gu, '')
    .trim();
  return cleaned.slice(0, 200) || 'file';
}

const isImage = (type: UploadMimeType) => (IMAGE_MIME_TYPES as readonly UploadMimeType[]).includes(type);

/**
 * Reads the one file of a multipart request. Over 2 MB is refused while reading (413);
 * the type comes from the content's first bytes, never from the name or the header. An image
 * goes through the one pixel limit of every upload (413), and one no decoder reads is not of
 * the type the route takes.
 */
export async function readUpload(request: FastifyRequest, options: Options): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(400, 'upload.missing', {}, { file: 'upload.missing' });
  try {
    return await readParts(request, options);
  } catch (error) {
    throw uploadError(error, options);
  }
}

async function readParts(request: FastifyRequest, options: Options): Promise<Upload> {
  const fields: Record<string, string> = {};
  let upload: Omit<Upload, 'fields'> | null = null;
  const limits = {
    fileSize: UPLOAD_LIMIT_BYTES - 1,
    files: 1,
    fields: UPLOAD_MAX_FIELDS,
    parts: UPLOAD_MAX_FIELDS + 1,
  };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, options.tooLarge, {}, { file: options.tooLarge });
    const mimeType = detectUploadType(bytes);
    if (!mimeType || !options.accept.includes(mimeType)) {
      throw new AppError(400, options.wrongType, {}, { file: options.wrongType });
    }
    if (isImage(mimeType)) {
      await checkImage(bytes).catch((error: unknown) => {
        throw imageUploadError(error, options.wrongType);
      });
    }
    upload = { bytes, mimeType, filename: safeFilename(part.filename) };
  }
  if (!upload || upload.bytes.length === 0) throw new AppError(400, 'upload.missing', {}, { file: 'upload.missing' });
  return { ...upload, fields };
}
