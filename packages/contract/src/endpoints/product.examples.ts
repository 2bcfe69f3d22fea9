import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZProduct, ZProductInfo } from '../resources/product.js';
import type { api } from './index.js';
import { CATEGORY_PATH_ITEM_EXAMPLE } from './shared.examples.js';

const PRODUCT_EXAMPLE: z.input<typeof ZProduct> = {
  id: 101,
  org_id: 101,
  name: 'Chicken sandwich',
  description: 'Fresh sandwiches and drinks',
  article: 'Article',
  barcode: '4820000123456',
  tax_codes: ['Tax code'],
  weight_g: 1,
  maker_id: 101,
  maker_name: 'Fresh Kitchen',
  category_id: 101,
  category_path: [CATEGORY_PATH_ITEM_EXAMPLE],
  base_cost: 4500,
  sell_cost: 4500,
  currency: 'UAH',
  storage_period_hours: 1,
  purchase_limit: 1,
  status: 'active',
  image_url: 'https://panel.example.com/image-url',
  thumb_url: 'https://panel.example.com/thumb-url',
  rating: 1,
  likes: 1,
  dislikes: 1,
  show_in_orders: true,
  show_in_wishes: true,
  is_public: true,
  for_programmer: true,
  created_at: '2026-12-03T09:30:00.000Z',
  updated_at: '2026-12-03T09:30:00.000Z',
};

const PRODUCT_INFO_EXAMPLE: z.input<typeof ZProductInfo> = {
  ...PRODUCT_EXAMPLE,
  tag_counts: {
    example: 1,
  },
};

export const productExamples: AreaExamples<(typeof api)['product']> = {
  list: {
    items: [PRODUCT_EXAMPLE],
    total: 1,
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  rating: {
    items: [
      {
        product_id: 101,
        name: 'Kyiv office fridge',
        maker_name: 'Fresh Kitchen',
        thumb_url: 'https://panel.example.com/thumb-url',
        rating: 1,
        votes: 1,
        likes: 1,
        dislikes: 1,
      },
    ],
    total: 1,
  },
  info: PRODUCT_INFO_EXAMPLE,
  history: {
    items: [
      {
        id: 101,
        action: 'Action',
        actor_name: 'Kyiv office fridge',
        before: {},
        after: {},
        created_at: '2026-12-03T09:30:00.000Z',
      },
    ],
  },
  create: PRODUCT_INFO_EXAMPLE,
  update: PRODUCT_INFO_EXAMPLE,
  status: {
    updated: 1,
  },
  copy: {
    copied: 1,
    skipped: 1,
    makers_created: 1,
    categories_created: 1,
  },
  uploadImage: PRODUCT_INFO_EXAMPLE,
  deleteImage: PRODUCT_INFO_EXAMPLE,
};
