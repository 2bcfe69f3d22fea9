import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type {
  ZSupportPersonOptions,
  ZSupportThread,
  ZSupportThreadCard,
  ZSupportThreadList,
} from '../resources/support.js';
import type { api } from './index.js';
import { SUPPORT_COMMENT_EXAMPLE } from './shared.examples.js';

const SUPPORT_THREAD_EXAMPLE: z.input<typeof ZSupportThread> = {
  id: 101,
  kind: 'chat',
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
  title: 'Fresh lunch is in',
  text: 'Thank you, the door closes properly now',
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

const SUPPORT_THREAD_LIST_EXAMPLE: z.input<typeof ZSupportThreadList> = {
  items: [SUPPORT_THREAD_EXAMPLE],
  total: 1,
};

const SUPPORT_THREAD_CARD_EXAMPLE: z.input<typeof ZSupportThreadCard> = {
  ...SUPPORT_THREAD_EXAMPLE,
  comments: [SUPPORT_COMMENT_EXAMPLE],
  history: [
    {
      status: 'new',
      at: '2026-12-03T09:30:00.000Z',
      by_name: 'Anna Koval',
    },
  ],
};

const SUPPORT_PERSON_OPTIONS_EXAMPLE: z.input<typeof ZSupportPersonOptions> = {
  items: [
    {
      id: 101,
      name: 'Chicken sandwich',
      detail: 'Card declined by the bank',
    },
  ],
};

export const supportExamples: AreaExamples<(typeof api)['support']> = {
  list: SUPPORT_THREAD_LIST_EXAMPLE,
  info: SUPPORT_THREAD_CARD_EXAMPLE,
  create: SUPPORT_THREAD_EXAMPLE,
  comment: SUPPORT_THREAD_CARD_EXAMPLE,
  attach: SUPPORT_THREAD_CARD_EXAMPLE,
  take: SUPPORT_THREAD_EXAMPLE,
  return: SUPPORT_THREAD_EXAMPLE,
  resolve: SUPPORT_THREAD_EXAMPLE,
  customers: SUPPORT_PERSON_OPTIONS_EXAMPLE,
  micromarkets: SUPPORT_PERSON_OPTIONS_EXAMPLE,
};

export const ticketExamples: AreaExamples<(typeof api)['ticket']> = {
  list: SUPPORT_THREAD_LIST_EXAMPLE,
  info: SUPPORT_THREAD_CARD_EXAMPLE,
  create: SUPPORT_THREAD_EXAMPLE,
  comment: SUPPORT_THREAD_CARD_EXAMPLE,
  attach: SUPPORT_THREAD_CARD_EXAMPLE,
  take: SUPPORT_THREAD_EXAMPLE,
  return: SUPPORT_THREAD_EXAMPLE,
  resolve: SUPPORT_THREAD_EXAMPLE,
  cancel: SUPPORT_THREAD_EXAMPLE,
  reject: SUPPORT_THREAD_EXAMPLE,
  update: SUPPORT_THREAD_EXAMPLE,
  assignees: SUPPORT_PERSON_OPTIONS_EXAMPLE,
};
