import { defineEndpoint } from '../endpoint.js';
import { ZIdParam } from '../resources/common.js';
import { ZListStorageQuery, ZStorageBatch, ZStorageList } from '../resources/tag.js';

const tag = 'storage';
const view = ['show_products_storage_page'] as const;

/** Storage batches: what each programmer call wrote, and where those tags are now. */
export const storageApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/storage/list',
    tag,
    summary: 'Storage batches of the visible organisations, newest first, with tag counts and status',
    permissions: view,
    query: ZListStorageQuery,
    response: ZStorageList,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/storage/info/:id',
    summary: 'A storage with its stock',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZStorageBatch,
  }),
};
