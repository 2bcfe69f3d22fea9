import type { UploadMimeType } from '@vitrina/contract';

/** A file the HTTP layer read from a multipart request; services take it, never the request. */
export type Upload = {
  bytes: Buffer;
  mimeType: UploadMimeType;
  filename: string;
  /** The other multipart fields, as text. */
  fields: Record<string, string>;
};
