import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZAlert } from '../resources/alert.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const ALERT_EXAMPLE: z.input<typeof ZAlert> = {
  id: 101,
  org_id: 101,
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  type: 1,
  status: 'open',
  opened_at: '2026-12-03T09:30:00.000Z',
  last_seen_at: '2026-12-03T09:30:00.000Z',
  occurrences: 1,
  details: {
    example: {},
  },
  acknowledged_at: '2026-12-03T09:30:00.000Z',
  acknowledged_by: 'Acknowledged by',
  resolved_at: '2026-12-03T09:30:00.000Z',
  resolved_by: 'Resolved by',
};

export const alertExamples: AreaExamples<(typeof api)['alert']> = {
  alerts: {
    items: [ALERT_EXAMPLE],
    total: 1,
    active_by_type: {
      example: 1,
    },
  },
  alertsExport: 'id,name\r\n101,Kyiv office fridge\r\n',
  acknowledge: ALERT_EXAMPLE,
  resolve: ALERT_EXAMPLE,
  resetLock: OK_EXAMPLE,
};
