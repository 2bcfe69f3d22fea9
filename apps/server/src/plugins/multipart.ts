import multipart from '@fastify/multipart';
import { type MessageKey, sniffMimeType, UPLOAD_LIMIT_BYTES, type UploadMimeType } from '@vitrina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import type { Upload } from '../lib/uploads.js';

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart);
});

type Options = {
  accept: readonly UploadMimeType[];
  tooLarge: MessageKey;
  wrongType: MessageKey;
};

/**
 * Reads the one file of a multipart request. Over 2 MB is refused while reading (413);
 * the type comes from the content's first bytes, never from the name or the header.
 */
export async function readUpload(request: FastifyRequest, options: Options): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(400, 'upload.missing', {}, { file: 'upload.missing' });
  const fields: Record<string, string> = {};
  let upload: Omit<Upload, 'fields'> | null = null;
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_LIMIT_BYTES - 1, files: 1, fields: 20 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, options.tooLarge, {}, { file: options.tooLarge });
      throw error;
    });
    if (part.file.truncated) throw new AppError(413, options.tooLarge, {}, { file: options.tooLarge });
    const mimeType = sniffMimeType(bytes);
    if (!mimeType || !options.accept.includes(mimeType)) {
      throw new AppError(400, options.wrongType, {}, { file: options.wrongType });
    }
    upload = { bytes, mimeType, filename: part.filename.slice(0, 200) || 'file' };
  }
  if (!upload || upload.bytes.length === 0) throw new AppError(400, 'upload.missing', {}, { file: 'upload.missing' });
  return { ...upload, fields };
}
