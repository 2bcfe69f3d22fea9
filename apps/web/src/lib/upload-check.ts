import {
  IMAGE_MIME_TYPES,
  isUnderUploadLimit,
  type MessageKey,
  sniffMimeType,
  type UploadMimeType,
  VIDEO_MIME_TYPES,
} from '@vitrina/contract';

export type UploadKind = 'image' | 'dataset' | 'document';

const isImage = (type: string | null): boolean => (IMAGE_MIME_TYPES as readonly (string | null)[]).includes(type);
const isVideo = (type: string | null): boolean => (VIDEO_MIME_TYPES as readonly (string | null)[]).includes(type);

/** The file's real type, from its first bytes: a renamed file does not pass as an image. */
export async function sniffFile(file: Blob): Promise<UploadMimeType | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffMimeType(head);
}

/**
 * Checks a file before it is sent (spec §5: under 2 MB), so the user hears about it at once
 * instead of after a long upload. Answers the contract message key of the problem, or null.
 */
export async function checkUpload(file: Blob, kind: UploadKind): Promise<MessageKey | null> {
  const type = await sniffFile(file);
  if (kind === 'document') {
    if (!isImage(type) && type !== 'application/pdf') return 'upload.not_document';
    return isUnderUploadLimit(file.size) ? null : 'upload.document_too_large';
  }
  const isAccepted = kind === 'image' ? isImage(type) : isImage(type) || isVideo(type);
  if (!isAccepted) return kind === 'image' ? 'upload.not_image' : 'upload.not_dataset_file';
  if (!isUnderUploadLimit(file.size)) return isImage(type) ? 'upload.image_too_large' : 'upload.file_too_large';
  return null;
}
