import type { TagStatus } from '@vitrina/contract';

const DAY_MS = 24 * 3600 * 1000;
/** Sold and written-off tags have left the shelf: their date no longer matters. */
const ON_SHELF: readonly TagStatus[] = ['new', 'in_micromarket', 'removed', 'not_paid'];

export type ExpiryState = 'expired' | 'expiring' | 'fresh';

/** Spec: red once the store-up-to date passed, orange within the next 24 hours. */
export function expiryOf(tag: { status: TagStatus; store_up_to: string }, now = Date.now()): ExpiryState {
  if (!ON_SHELF.includes(tag.status)) return 'fresh';
  const left = new Date(tag.store_up_to).getTime() - now;
  if (left <= 0) return 'expired';
  if (left <= DAY_MS) return 'expiring';
  return 'fresh';
}
