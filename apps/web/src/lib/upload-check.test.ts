import { UPLOAD_LIMIT_BYTES } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { checkUpload } from './upload-check';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MP4_HEAD = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70];
const fileOf = (head: number[], size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new Blob([bytes]);
};

describe('checkUpload', () => {
  it('accepts a small PNG as an image', async () => {
    expect(await checkUpload(fileOf(PNG_HEAD), 'image')).toBeNull();
  });

  it('refuses a 2 MB image with the spec message', async () => {
    expect(await checkUpload(fileOf(PNG_HEAD, UPLOAD_LIMIT_BYTES), 'image')).toBe('upload.image_too_large');
  });

  it('knows a file by its bytes, not its name', async () => {
    expect(await checkUpload(fileOf([0x25, 0x50, 0x44, 0x46]), 'image')).toBe('upload.not_image');
  });

  it('takes MP4 video only for the dataset', async () => {
    expect(await checkUpload(fileOf(MP4_HEAD), 'image')).toBe('upload.not_image');
    expect(await checkUpload(fileOf(MP4_HEAD), 'dataset')).toBeNull();
    expect(await checkUpload(fileOf(MP4_HEAD, UPLOAD_LIMIT_BYTES + 1), 'dataset')).toBe('upload.file_too_large');
  });
});
