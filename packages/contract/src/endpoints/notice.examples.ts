import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

export const noticeExamples: AreaExamples<(typeof api)['notice']> = {
  list: {
    items: [
      {
        id: 101,
        org_id: 101,
        micromarket_id: 101,
        micromarket_name: 'Kyiv office fridge',
        kind: 'temperature',
        alert_id: 101,
        alert_type: 1,
        details: {
          example: {},
        },
        at: '2026-12-03T09:30:00.000Z',
        is_read: true,
      },
    ],
    unread: 1,
  },
  read: OK_EXAMPLE,
  readAll: OK_EXAMPLE,
  badges: {
    alerts: 1,
    support: 1,
    tickets: 1,
  },
};
