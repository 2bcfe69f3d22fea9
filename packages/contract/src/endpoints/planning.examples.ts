import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZPickLine } from '../resources/planning.js';
import type { api } from './index.js';
import { PLAN_LINE_EXAMPLE } from './shared.examples.js';

const PICK_LINE_EXAMPLE: z.input<typeof ZPickLine> = {
  product_id: 101,
  product_name: 'Chicken sandwich',
  bring: 1,
  in_storage: 1,
};

export const planningExamples: AreaExamples<(typeof api)['planning']> = {
  plan: {
    items: [
      {
        micromarket_id: 101,
        org_id: 101,
        name: 'Kyiv office fridge',
        address: 'Khreshchatyk St, 22, Kyiv',
        has_planogram: true,
        bring: 1,
        take_out: 1,
        lines: [PLAN_LINE_EXAMPLE],
      },
    ],
    total: 1,
    pick: [PICK_LINE_EXAMPLE],
    routes: [
      {
        group_id: 101,
        group_name: 'Kyiv offices',
        couriers: ['Courier'],
        micromarkets: 1,
        lines: [PICK_LINE_EXAMPLE],
      },
    ],
  },
  pickSheet: {
    generated_at: '2026-12-03T09:30:00.000Z',
    window_days: 1,
    visit_hours: 1,
    routes: [
      {
        group_id: 101,
        group_name: 'Kyiv offices',
        couriers: ['Courier'],
        pick: [PICK_LINE_EXAMPLE],
        stops: [
          {
            micromarket_id: 101,
            name: 'Kyiv office fridge',
            address: 'Khreshchatyk St, 22, Kyiv',
            bring: 1,
            take_out: 1,
            lines: [
              {
                product_id: 101,
                product_name: 'Chicken sandwich',
                bring: 1,
                take_out: 1,
              },
            ],
          },
        ],
      },
    ],
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  batches: {
    created: 1,
    items: [
      {
        product_id: 101,
        product_name: 'Chicken sandwich',
        quantity: 3,
      },
    ],
  },
};
