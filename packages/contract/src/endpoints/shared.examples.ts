import type { z } from 'zod';
import type { ZCardSetup } from '../resources/card.js';
import type { ZCategoryPathItem } from '../resources/category.js';
import type { ZOk } from '../resources/common.js';
import type { ZDatasetFile } from '../resources/dataset.js';
import type {
  ZPaymentConnectionResult,
  ZPaymentWebhookReceived,
  ZPlatformPaymentSettings,
} from '../resources/payment.js';
import type { ZPlanLine } from '../resources/planning.js';
import type { ZSupportComment } from '../resources/support.js';
import type { ZTagActionResult } from '../resources/tag.js';

export const OK_EXAMPLE: z.input<typeof ZOk> = {
  ok: true,
};

export const PLATFORM_PAYMENT_SETTINGS_EXAMPLE: z.input<typeof ZPlatformPaymentSettings> = {
  provider: 'test',
  secret_key: 'Secret key',
  publishable_key: 'pk_test_51Hx2eXample',
  webhook_secret: 'Webhook secret',
  simulate: 'none',
  webhook_urls: {
    test: 'Test',
    stripe: 'Stripe',
  },
  updated_at: '2026-12-03T09:30:00.000Z',
};

export const PAYMENT_CONNECTION_RESULT_EXAMPLE: z.input<typeof ZPaymentConnectionResult> = {
  ok: true,
  message: 'Done',
};

export const PAYMENT_WEBHOOK_RECEIVED_EXAMPLE: z.input<typeof ZPaymentWebhookReceived> = {
  received: true,
  duplicate: false,
};

export const CARD_SETUP_EXAMPLE: z.input<typeof ZCardSetup> = {
  provider: 'test',
  setup_id: 'seti_1Nx3f9a',
  client_secret: 'seti_1Nx_secret_3f9a',
  publishable_key: 'pk_test_51Hx2eXample',
};

export const CATEGORY_PATH_ITEM_EXAMPLE: z.input<typeof ZCategoryPathItem> = {
  id: 101,
  name: 'Kyiv office fridge',
  level: 1,
};

export const TAG_ACTION_RESULT_EXAMPLE: z.input<typeof ZTagActionResult> = {
  updated: 1,
};

export const DATASET_FILE_EXAMPLE: z.input<typeof ZDatasetFile> = {
  id: 101,
  org_id: 101,
  type: 'image',
  tags: ['purchase_top'],
  url: 'https://panel.example.com/url',
  thumb_url: 'https://panel.example.com/thumb-url',
  original_name: 'Kyiv office fridge',
  size: 1,
  mime_type: 'Mime type',
  created_at: '2026-12-03T09:30:00.000Z',
};

export const PLAN_LINE_EXAMPLE: z.input<typeof ZPlanLine> = {
  product_id: 101,
  product_name: 'Chicken sandwich',
  par: 1,
  stock: 1,
  expiring: 1,
  sold: 1,
  daily_rate: 1,
  wishes: 1,
  bring: 1,
};

export const SUPPORT_COMMENT_EXAMPLE: z.input<typeof ZSupportComment> = {
  id: 101,
  author_kind: 'staff',
  author_name: 'Anna Koval',
  text: 'Thank you, the door closes properly now',
  attachment: {
    url: 'https://panel.example.com/url',
    name: 'Kyiv office fridge',
    type: 'Type',
  },
  created_at: '2026-12-03T09:30:00.000Z',
};
