import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZVisitLine } from '../resources/courier.js';
import type { api } from './index.js';
import { PLAN_LINE_EXAMPLE, TAG_ACTION_RESULT_EXAMPLE } from './shared.examples.js';

const VISIT_LINE_EXAMPLE: z.input<typeof ZVisitLine> = {
  product_id: 101,
  product_name: 'Chicken sandwich',
  count: 3,
};

export const courierExamples: AreaExamples<(typeof api)['courier']> = {
  stops: {
    items: [
      {
        id: 101,
        org_id: 101,
        name: 'Kyiv office fridge',
        address: 'Khreshchatyk St, 22, Kyiv',
        location_description: 'Location description',
        latitude: 1,
        longitude: 1,
        courier_latitude: 1,
        courier_longitude: 1,
        connection: 'online',
        door: 'open',
        temperature: 4,
        locked: false,
        bring: 1,
        take_out: 1,
        lines: [PLAN_LINE_EXAMPLE],
      },
    ],
    routes_today: ['Routes today'],
  },
  open: {
    path: 'Path',
    expires_at: '2026-12-03T09:30:00.000Z',
  },
  openDoor: {
    command_id: '550e8400-e29b-41d4-a716-446655440000',
    message: 'Done',
  },
  stop: {
    micromarket_id: 101,
    name: 'Kyiv office fridge',
    address: 'Khreshchatyk St, 22, Kyiv',
    door: 'open',
    lines: [PLAN_LINE_EXAMPLE],
    loaded_today: 1,
    removed_today: 1,
    written_off_today: 1,
    last_visit: {
      opened_at: '2026-12-03T09:30:00.000Z',
      closed_at: '2026-12-03T09:30:00.000Z',
      put_in: [VISIT_LINE_EXAMPLE],
      taken_out: [VISIT_LINE_EXAMPLE],
    },
  },
  load: {
    loaded: 1,
    refused: ['Refused'],
  },
  takeOut: TAG_ACTION_RESULT_EXAMPLE,
};
