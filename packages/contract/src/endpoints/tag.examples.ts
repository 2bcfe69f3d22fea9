import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZStorageBatch, ZTag } from '../resources/tag.js';
import type { api } from './index.js';
import { TAG_ACTION_RESULT_EXAMPLE } from './shared.examples.js';

const TAG_EXAMPLE: z.input<typeof ZTag> = {
  id: 101,
  org_id: 101,
  code: 'A1B2C3',
  status: 'new',
  product_id: 101,
  product_name: 'Chicken sandwich',
  batch_id: 101,
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  store_up_to: '2026-12-06T09:30:00.000Z',
  sold_at: '2026-12-03T09:30:00.000Z',
  removed_at: '2026-12-03T09:30:00.000Z',
  written_off_at: '2026-12-03T09:30:00.000Z',
  reason: 'Repeated unpaid sales',
  created_at: '2026-12-03T09:30:00.000Z',
};

const STORAGE_BATCH_EXAMPLE: z.input<typeof ZStorageBatch> = {
  id: 101,
  org_id: 101,
  product_id: 101,
  product_name: 'Chicken sandwich',
  created_by_name: 'Anna Koval',
  store_up_to: '2026-12-06T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
  total: 4500,
  counts: {
    new: 1,
    in_micromarket: 1,
    sold: 1,
    removed: 1,
    written_off: 1,
    not_paid: 1,
  },
  status: 0,
};

export const tagExamples: AreaExamples<(typeof api)['tag']> = {
  list: {
    items: [TAG_EXAMPLE],
    next_cursor: 'eyJpZCI6MTAxfQ',
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  counts: {
    counts: {
      new: 1,
      in_micromarket: 1,
      sold: 1,
      removed: 1,
      written_off: 1,
      not_paid: 1,
    },
  },
  info: TAG_EXAMPLE,
  writeOff: TAG_ACTION_RESULT_EXAMPLE,
  remove: TAG_ACTION_RESULT_EXAMPLE,
  programmingTasks: {
    items: [
      {
        id: 101,
        org_id: 101,
        product_id: 101,
        product_name: 'Chicken sandwich',
        quantity: 3,
        programmed: 1,
        created_at: '2026-12-03T09:30:00.000Z',
      },
    ],
  },
  program: {
    batch_id: 101,
    created: 1,
    store_up_to: '2026-12-06T09:30:00.000Z',
  },

  storageList: {
    items: [STORAGE_BATCH_EXAMPLE],
    total: 1,
  },
  storageInfo: STORAGE_BATCH_EXAMPLE,
};
