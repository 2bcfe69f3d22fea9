import { z } from 'zod';
import { TAG_STATUSES } from '../enums.js';
import {
  idList,
  listOf,
  optionalQuery,
  requiredText,
  storableString,
  text,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';

/** EPC codes as readers type them: hexadecimal, stored upper case. */
export const ZTagCode = storableString()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{8,64}$/, { error: 'validation.tag_code' });

export const ZTag = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  code: z.string(),
  status: z.enum(TAG_STATUSES),
  product_id: z.number().int(),
  product_name: z.string(),
  batch_id: z.number().int().nullable(),
  micromarket_id: z.number().int().nullable(),
  micromarket_name: z.string().nullable(),
  store_up_to: ZTimestamp,
  sold_at: ZTimestamp.nullable(),
  removed_at: ZTimestamp.nullable(),
  written_off_at: ZTimestamp.nullable(),
  reason: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TTag = z.infer<typeof ZTag>;

const tagFilters = {
  product_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  batch_id: ZIdQuery,
  org_id: ZIdQuery,
  /** Created on or after / before this day. */
  from: optionalQuery(z.iso.date()),
  to: optionalQuery(z.iso.date()),
  /** expired: store-up-to passed; expiring: within the next 24 hours. */
  expiry: optionalQuery(z.enum(['expired', 'expiring'])),
  /** Start of the code. */
  q: optionalQuery(text(64).toUpperCase()),
};

/** Tags are the largest table: pages go by cursor, never by offset. */
export const ZListTagsQuery = z.object({
  ...tagFilters,
  status: optionalQuery(z.enum(TAG_STATUSES)),
  cursor: optionalQuery(text(64)),
  per_page: ZPageQuery.shape.per_page,
});
export const ZTagList = z.object({ items: z.array(ZTag), next_cursor: z.string().nullable() });
export type TTagList = z.infer<typeof ZTagList>;

export const ZTagCountsQuery = z.object(tagFilters);
export const ZTagCounts = z.object({ counts: z.record(z.enum(TAG_STATUSES), z.number().int()) });
export type TTagCounts = z.infer<typeof ZTagCounts>;

export const ZTagAction = z.object({
  ids: idList(500).min(1),
  reason: requiredText(300),
});
export const ZTagActionResult = z.object({ updated: z.number().int() });

/** The tag programmer: codes written for one product become a storage batch of new tags. */
export const ZProgramTags = z.object({
  product_id: ZId,
  codes: z.array(ZTagCode).min(1, { error: 'validation.required' }).max(1000),
});
export const ZProgramResult = z.object({
  batch_id: z.number().int(),
  created: z.number().int(),
  store_up_to: ZTimestamp,
});
export type TProgramResult = z.infer<typeof ZProgramResult>;

export const ZStorageBatch = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  created_by_name: z.string().nullable(),
  store_up_to: ZTimestamp,
  created_at: ZTimestamp,
  total: z.number().int(),
  counts: z.record(z.enum(TAG_STATUSES), z.number().int()),
  /** 0 in use, 1 all items in micromarket, 2 used (spec §4). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type TStorageBatch = z.infer<typeof ZStorageBatch>;
export const ZListStorageQuery = ZPageQuery.extend({
  product_id: ZIdQuery,
  org_id: ZIdQuery,
  status: optionalQuery(z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))),
});
export const ZStorageList = listOf(ZStorageBatch);
export type TStorageList = z.infer<typeof ZStorageList>;

/** Micromarkets, as far as filters and pickers need them; their own screens come with devices. */
export const ZMicromarketOption = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
});
export const ZMicromarketOptions = z.object({ items: z.array(ZMicromarketOption) });
export type TMicromarketOptions = z.infer<typeof ZMicromarketOptions>;

/** Tags the restock plan asked to write for a product, and how many are written so far. */
export const ZProgrammingTask = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  programmed: z.number().int(),
  created_at: ZTimestamp,
});
export type TProgrammingTask = z.infer<typeof ZProgrammingTask>;
export const ZProgrammingTasks = z.object({ items: z.array(ZProgrammingTask) });
