import { defineEndpoint } from '../endpoint.js';
import { exportQueryOf, ZFileDownload, ZIdParam } from '../resources/common.js';
import {
  ZListStorageQuery,
  ZListTagsQuery,
  ZProgrammingTasks,
  ZProgramResult,
  ZProgramTags,
  ZStorageBatch,
  ZStorageList,
  ZTag,
  ZTagAction,
  ZTagActionResult,
  ZTagCounts,
  ZTagCountsQuery,
  ZTagList,
} from '../resources/tag.js';

const tag = 'tags';
const view = ['show_products_tag_page'] as const;
const manage = ['manage_tags'] as const;
/** Storage batches: what each programmer call wrote, and where those tags are now (the spec's "storage" page). */
const storageTag = 'storage';
const storageView = ['show_products_storage_page'] as const;

export const tagApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/tag/list',
    tag,
    summary: 'Tags of the visible organisations, newest first, a page per cursor',
    permissions: view,
    query: ZListTagsQuery,
    response: ZTagList,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/v1/tag/export',
    tag,
    summary: 'The filtered tags of one status (or all) as CSV or XLSX, newest first',
    permissions: view,
    query: exportQueryOf(ZListTagsQuery),
    response: ZFileDownload,
    format: 'file',
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/v1/tag/counts',
    tag,
    summary: 'How many tags match the filters in each status, for the status tabs',
    permissions: view,
    query: ZTagCountsQuery,
    response: ZTagCounts,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/tag/info/:id',
    summary: 'An RFID tag and what it is attached to',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZTag,
  }),
  writeOff: defineEndpoint({
    method: 'POST',
    path: '/v1/tag/write-off',
    tag,
    summary: 'Write off tags, all or none',
    permissions: manage,
    body: ZTagAction,
    response: ZTagActionResult,
    errors: [404, 409],
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/v1/tag/remove',
    tag,
    summary: 'Remove tags, all or none',
    permissions: manage,
    body: ZTagAction,
    response: ZTagActionResult,
    errors: [404, 409],
  }),
  programmingTasks: defineEndpoint({
    method: 'GET',
    path: '/v1/tag/program/tasks',
    tag,
    summary: 'Open tasks of the restock plan: tags to write per product, oldest first',
    permissions: ['show_products_programmer_page'],
    response: ZProgrammingTasks,
  }),
  program: defineEndpoint({
    method: 'POST',
    path: '/v1/tag/program',
    tag,
    summary: 'Write codes for a product: a new storage batch of new tags',
    permissions: ['program_tags'],
    body: ZProgramTags,
    response: ZProgramResult,
    errors: [404, 409],
  }),

  storageList: defineEndpoint({
    method: 'GET',
    path: '/v1/storage/list',
    tag: storageTag,
    summary: 'Storage batches of the visible organisations, newest first, with tag counts and status',
    permissions: storageView,
    query: ZListStorageQuery,
    response: ZStorageList,
  }),
  storageInfo: defineEndpoint({
    method: 'GET',
    path: '/v1/storage/info/:id',
    summary: 'A storage with its stock',
    tag: storageTag,
    permissions: storageView,
    params: ZIdParam,
    response: ZStorageBatch,
  }),
};
