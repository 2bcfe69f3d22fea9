import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZErrorPlace } from '../resources/error-analytics.js';
import type { api } from './index.js';

const ERROR_PLACE_EXAMPLE: z.input<typeof ZErrorPlace> = {
  refusal: 1,
  payment: 1,
  command: 1,
  alert: 1,
  id: 101,
  name: 'Kyiv office fridge',
  total: 4500,
};

export const errorAnalyticsExamples: AreaExamples<(typeof api)['errorAnalytics']> = {
  summary: {
    from: '2026-12-01',
    to: '2026-12-31',
    totals: {
      refusal: 1,
      payment: 1,
      command: 1,
      alert: 1,
    },
    previous: {
      refusal: 1,
      payment: 1,
      command: 1,
      alert: 1,
    },
    days: [
      {
        refusal: 1,
        payment: 1,
        command: 1,
        alert: 1,
        day: '2026-12-03',
      },
    ],
    groups: [
      {
        category: 'refusal',
        key: 'Key',
        detail: 'Card declined by the bank',
        count: 3,
      },
    ],
    micromarkets: [ERROR_PLACE_EXAMPLE],
    organizations: [ERROR_PLACE_EXAMPLE],
  },
  rows: {
    items: [
      {
        id: 'Id',
        category: 'refusal',
        at: '2026-12-03T09:30:00.000Z',
        key: 'Key',
        detail: 'Card declined by the bank',
        micromarket_id: 101,
        micromarket_name: 'Kyiv office fridge',
        org_name: 'Kyiv Snacks LLC',
        transaction_id: 101,
        customer_id: 101,
        customer_name: 'Anna Koval',
        customer_phone: '+380501234567',
      },
    ],
    total: 1,
  },
};
