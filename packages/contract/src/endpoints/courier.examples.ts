import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import { TAG_ACTION_RESULT_EXAMPLE } from './shared.examples.js';

export const courierExamples: AreaExamples<(typeof api)['courier']> = {
  stops: {
    items: [
      {
        id: 101,
        org_id: 101,
        name: 'Chicken sandwich',
        address: 'Khreshchatyk St, 22, Kyiv',
        location_description: 'Location description',
        latitude: 1,
        longitude: 1,
        courier_latitude: 1,
        courier_longitude: 1,
        connection: 'online',
        door: 'open',
        temperature: 4,
        locked: true,
        bring: 1,
        take_out: 1,
        lines: [
          {
            product_id: 101,
            product_name: 'Chicken sandwich',
            par: 1,
            stock: 1,
            expiring: 1,
            sold: 1,
            daily_rate: 1,
            wishes: 1,
            bring: 1,
          },
        ],
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
    name: 'Petro Shevchenko',
    address: 'Khreshchatyk St, 22, Kyiv',
    door: 'open',
    lines: [
      {
        product_id: 101,
        product_name: 'Chicken sandwich',
        par: 1,
        stock: 1,
        expiring: 1,
        sold: 1,
        daily_rate: 1,
        wishes: 1,
        bring: 1,
      },
    ],
    loaded_today: 1,
    removed_today: 1,
    written_off_today: 1,
    last_visit: {
      opened_at: '2026-12-03T09:30:00.000Z',
      closed_at: '2026-12-03T09:30:00.000Z',
      put_in: [
        {
          product_id: 101,
          product_name: 'Chicken sandwich',
          count: 3,
        },
      ],
      taken_out: [
        {
          product_id: 101,
          product_name: 'Chicken sandwich',
          count: 3,
        },
      ],
    },
  },
  load: {
    loaded: 1,
    refused: ['Refused'],
  },
  takeOut: TAG_ACTION_RESULT_EXAMPLE,
};
