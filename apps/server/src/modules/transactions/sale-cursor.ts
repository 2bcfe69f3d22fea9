import { AppError } from '../../lib/errors.js';

/** Opaque to clients: the id of a page's last sale, base64url-encoded, so nobody builds one by hand. */
export function encodeSaleCursor(lastId: number): string {
  return Buffer.from(`s${lastId}`).toString('base64url');
}

export function decodeSaleCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const match = /^s(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new AppError(400, 'errors.bad_request', {}, { cursor: 'errors.bad_request' });
  return Number(match[1]);
}
