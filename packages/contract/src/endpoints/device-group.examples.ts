import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZDeviceGroup } from '../resources/device-group.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const DEVICE_GROUP_EXAMPLE: z.input<typeof ZDeviceGroup> = {
  id: 101,
  org_id: 101,
  name: 'Kyiv offices',
  type: 'Type',
  address: 'Khreshchatyk St, 22, Kyiv',
  description: 'Fresh sandwiches and drinks',
  devices: [
    {
      id: 101,
      name: 'Kyiv office fridge',
    },
  ],
  couriers: [
    {
      id: 101,
      name: 'Petro Shevchenko',
    },
  ],
  route_days: [1],
  created_at: '2026-12-03T09:30:00.000Z',
};

export const deviceGroupExamples: AreaExamples<(typeof api)['deviceGroup']> = {
  list: {
    items: [DEVICE_GROUP_EXAMPLE],
    total: 1,
  },
  info: DEVICE_GROUP_EXAMPLE,
  create: DEVICE_GROUP_EXAMPLE,
  update: DEVICE_GROUP_EXAMPLE,
  couriers: {
    items: [
      {
        id: 101,
        name: 'Kyiv office fridge',
      },
    ],
  },
  delete: OK_EXAMPLE,
};
