import { readNumber, readPaging, useUrlQuery } from '../../../lib/url-query';
import type { StorageQuery } from '../api/list-storage-batches';

const FILTERS = ['product_id', 'status'] as const;

const parse = (params: URLSearchParams): StorageQuery => {
  const status = readNumber(params, 'status');
  return {
    product_id: readNumber(params, 'product_id'),
    status: status === 0 || status === 1 || status === 2 ? status : undefined,
    ...readPaging(params),
  };
};

export const useStorageQuery = () => useUrlQuery({ parse, filters: FILTERS });
