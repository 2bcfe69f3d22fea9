import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (DESIGN §2): a local folder by default; an S3-compatible
 * store is another implementation of the same interface. Keys are random, so a file's
 * URL cannot be guessed; files are served at `/files/{key}`.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|mp4|pdf|json)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** `products/Xy…Z.webp`: a folder per kind of file, 128 random bits, the extension of the content. */
export function newStorageKey(folder: string, extension: 'jpg' | 'png' | 'webp' | 'mp4' | 'pdf' | 'json'): string {
  return `${folder}/${randomBytes(16).toString('base64url')}.${extension}`;
}

export function fileUrl(key: string | null): string | null {
  return key ? `/files/${key}` : null;
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
