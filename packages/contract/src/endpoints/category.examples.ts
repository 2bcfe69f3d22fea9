import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZCategory, ZCategoryInfo } from '../resources/category.js';
import type { api } from './index.js';
import { CATEGORY_PATH_ITEM_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

const CATEGORY_EXAMPLE: z.input<typeof ZCategory> = {
  id: 101,
  org_id: 101,
  parent_id: 101,
  level: 1,
  name: 'Sandwiches',
  position: 1,
  products_count: 3,
  children_count: 3,
  created_at: '2026-12-03T09:30:00.000Z',
};

const CATEGORY_INFO_EXAMPLE: z.input<typeof ZCategoryInfo> = {
  ...CATEGORY_EXAMPLE,
  path: [CATEGORY_PATH_ITEM_EXAMPLE],
};

export const categoryExamples: AreaExamples<(typeof api)['category']> = {
  list: {
    items: [CATEGORY_EXAMPLE],
    total: 1,
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  tree: {
    items: [
      {
        id: 101,
        org_id: 101,
        parent_id: 101,
        level: 1,
        name: 'Chicken sandwich',
        position: 1,
      },
    ],
  },
  info: CATEGORY_INFO_EXAMPLE,
  create: CATEGORY_INFO_EXAMPLE,
  update: CATEGORY_INFO_EXAMPLE,
  reorder: OK_EXAMPLE,
  delete: OK_EXAMPLE,
};
