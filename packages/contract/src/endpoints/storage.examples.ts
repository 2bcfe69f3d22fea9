import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZStorageBatch } from '../resources/tag.js';
import type { api } from './index.js';

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

export const storageExamples: AreaExamples<(typeof api)['storage']> = {
  list: {
    items: [STORAGE_BATCH_EXAMPLE],
    total: 1,
  },
  info: STORAGE_BATCH_EXAMPLE,
};
