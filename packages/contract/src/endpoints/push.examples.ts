import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZPushMessage } from '../resources/push.js';
import type { api } from './index.js';

const PUSH_MESSAGE_EXAMPLE: z.input<typeof ZPushMessage> = {
  id: 101,
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
  time_zone: 'Europe/Kyiv',
  importance: 'important',
  title: 'Fresh lunch is in',
  body: 'Body',
  action: 'Action',
  extra: {
    example: 'Example',
  },
  audience: 'all',
  group_ids: [101],
  group_names: ['Kyiv offices'],
  user_id: 101,
  user_name: 'Anna Koval',
  phone: '+380501234567',
  send_at: '2026-12-03T09:30:00.000Z',
  status: 'scheduled',
  recipients: 1,
  delivered: 1,
  skipped_limit: 1,
  failed: 1,
  error: 'Card declined',
  created_by_name: 'Anna Koval',
  created_at: '2026-12-03T09:30:00.000Z',
  started_at: '2026-12-03T09:30:00.000Z',
  finished_at: '2026-12-03T09:30:00.000Z',
  cancelled_at: '2026-12-03T09:30:00.000Z',
};

export const pushExamples: AreaExamples<(typeof api)['push']> = {
  list: {
    items: [PUSH_MESSAGE_EXAMPLE],
    total: 1,
  },
  info: PUSH_MESSAGE_EXAMPLE,
  preview: {
    recipients: 1,
    over_limit: 1,
    send_at: '2026-12-03T09:30:00.000Z',
    time_zone: 'Europe/Kyiv',
  },
  create: PUSH_MESSAGE_EXAMPLE,
  cancel: PUSH_MESSAGE_EXAMPLE,
  recipients: {
    items: [
      {
        id: 101,
        name: 'Kyiv office fridge',
        phone: '+380501234567',
      },
    ],
  },
};
