import type { z } from 'zod';
import type { ZCardSetup } from '../resources/card.js';
import type { ZOk } from '../resources/common.js';
import type { ZDatasetFile } from '../resources/dataset.js';
import type { ZOpenPurchaseAnswer } from '../resources/open-link.js';
import type { ZPaymentConnectionResult, ZPaymentWebhookReceived } from '../resources/payment.js';
import type {
  ZSupportPersonOptions,
  ZSupportThread,
  ZSupportThreadCard,
  ZSupportThreadList,
} from '../resources/support.js';
import type { ZTagActionResult } from '../resources/tag.js';

export const OK_EXAMPLE: z.input<typeof ZOk> = {
  ok: true,
};

export const PAYMENT_CONNECTION_RESULT_EXAMPLE: z.input<typeof ZPaymentConnectionResult> = {
  ok: true,
  message: 'Done',
};

export const PAYMENT_WEBHOOK_RECEIVED_EXAMPLE: z.input<typeof ZPaymentWebhookReceived> = {
  received: true,
  duplicate: true,
};

export const CARD_SETUP_EXAMPLE: z.input<typeof ZCardSetup> = {
  provider: 'test',
  setup_id: 'Setup id',
  client_secret: 'Client secret',
  publishable_key: 'Publishable key',
};

export const TAG_ACTION_RESULT_EXAMPLE: z.input<typeof ZTagActionResult> = {
  updated: 1,
};

export const OPEN_PURCHASE_ANSWER_EXAMPLE: z.input<typeof ZOpenPurchaseAnswer> = {
  message: 'Done',
  request_id: 101,
  command_id: 'Command id',
};

export const DATASET_FILE_EXAMPLE: z.input<typeof ZDatasetFile> = {
  id: 101,
  org_id: 101,
  type: 'image',
  tags: ['purchase_top'],
  url: 'https://panel.example.com/url',
  thumb_url: 'https://panel.example.com/thumb-url',
  original_name: 'Shelf photos',
  size: 1,
  mime_type: 'Mime type',
  created_at: '2026-12-03T09:30:00.000Z',
};

export const SUPPORT_THREAD_LIST_EXAMPLE: z.input<typeof ZSupportThreadList> = {
  items: [
    {
      id: 101,
      kind: 'chat',
      org_id: 101,
      org_name: 'Kyiv Snacks LLC',
      title: 'Title',
      text: 'Text',
      status: 'new',
      priority: 'low',
      customer_id: 101,
      customer_name: 'Anna Koval',
      micromarket_id: 101,
      micromarket_name: 'Kyiv office fridge',
      transaction_id: 101,
      assignee_id: 101,
      assignee_name: 'Chicken sandwich',
      created_by_name: 'Anna Koval',
      comments_count: 3,
      last_comment_at: '2026-12-03T09:30:00.000Z',
      state_ms: {
        new: 1,
        in_work: 1,
        resolved: 1,
        cancelled: 1,
        rejected: 1,
      },
      created_at: '2026-12-03T09:30:00.000Z',
      updated_at: '2026-12-03T09:30:00.000Z',
    },
  ],
  total: 1,
};

export const SUPPORT_THREAD_CARD_EXAMPLE: z.input<typeof ZSupportThreadCard> = {
  id: 101,
  kind: 'chat',
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
  title: 'Title',
  text: 'Text',
  status: 'new',
  priority: 'low',
  customer_id: 101,
  customer_name: 'Anna Koval',
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  transaction_id: 101,
  assignee_id: 101,
  assignee_name: 'Kyiv office fridge',
  created_by_name: 'Anna Koval',
  comments_count: 3,
  last_comment_at: '2026-12-03T09:30:00.000Z',
  state_ms: {
    new: 1,
    in_work: 1,
    resolved: 1,
    cancelled: 1,
    rejected: 1,
  },
  created_at: '2026-12-03T09:30:00.000Z',
  updated_at: '2026-12-03T09:30:00.000Z',
  comments: [
    {
      id: 101,
      author_kind: 'staff',
      author_name: 'Anna Koval',
      text: 'Text',
      attachment: {
        url: 'https://panel.example.com/url',
        name: 'Kyiv office fridge',
        type: 'Type',
      },
      created_at: '2026-12-03T09:30:00.000Z',
    },
  ],
  history: [
    {
      status: 'new',
      at: 'At',
      by_name: 'Kyiv office fridge',
    },
  ],
};

export const SUPPORT_THREAD_EXAMPLE: z.input<typeof ZSupportThread> = {
  id: 101,
  kind: 'chat',
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
  title: 'Title',
  text: 'Text',
  status: 'new',
  priority: 'low',
  customer_id: 101,
  customer_name: 'Anna Koval',
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  transaction_id: 101,
  assignee_id: 101,
  assignee_name: 'Kyiv office fridge',
  created_by_name: 'Anna Koval',
  comments_count: 3,
  last_comment_at: '2026-12-03T09:30:00.000Z',
  state_ms: {
    new: 1,
    in_work: 1,
    resolved: 1,
    cancelled: 1,
    rejected: 1,
  },
  created_at: '2026-12-03T09:30:00.000Z',
  updated_at: '2026-12-03T09:30:00.000Z',
};

export const SUPPORT_PERSON_OPTIONS_EXAMPLE: z.input<typeof ZSupportPersonOptions> = {
  items: [
    {
      id: 101,
      name: 'Chicken sandwich',
      detail: 'Detail',
    },
  ],
};
