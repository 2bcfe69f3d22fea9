import { PAGE_SIZE_MAX, TAG_STATUSES, type TagStatus } from '@vitrina/contract';
import { readEnum, readNumber, readText, useUrlQuery } from '../../../lib/url-query';
import type { TagCountsQuery } from '../api/list-tags';

const FILTERS = ['product_id', 'micromarket_id', 'batch_id', 'from', 'to', 'expiry', 'q'] as const;
const EXPIRY = ['expired', 'expiring'] as const;
const isDay = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export type TagScreenQuery = { status: TagStatus; filters: TagCountsQuery };

/** The status tab and the filters live in the URL; a list opened from a batch or a product links here. */
const parse = (params: URLSearchParams): TagScreenQuery => ({
  status: readEnum(params, 'status', TAG_STATUSES) ?? 'new',
  filters: {
    product_id: readNumber(params, 'product_id'),
    micromarket_id: readNumber(params, 'micromarket_id'),
    batch_id: readNumber(params, 'batch_id'),
    from: isDay(readText(params, 'from')),
    to: isDay(readText(params, 'to')),
    expiry: readEnum(params, 'expiry', EXPIRY),
    q: readText(params, 'q')?.toUpperCase(),
  },
});

export const TAGS_PAGE_SIZE = PAGE_SIZE_MAX;
export const useTagQuery = () => useUrlQuery({ parse, filters: FILTERS });
