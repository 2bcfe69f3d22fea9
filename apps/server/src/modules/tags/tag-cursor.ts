import { AppError } from '../../lib/errors.js';

/**
 * The cursor is opaque to clients: the last id of a page, base64url-encoded, so nobody
 * builds one by hand and the encoding can change without breaking the API.
 */
export function encodeCursor(lastId: number): string {
  return Buffer.from(`t${lastId}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const match = /^t(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new AppError(400, 'errors.bad_request', {}, { cursor: 'errors.bad_request' });
  return Number(match[1]);
}
