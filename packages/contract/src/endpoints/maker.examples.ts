import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZMaker } from '../resources/maker.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const MAKER_EXAMPLE: z.input<typeof ZMaker> = {
  id: 101,
  org_id: 101,
  name: 'Fresh Kitchen',
  country: 'UA',
  contact_person: 'Contact person',
  phone: '+380501234567',
  email: 'anna.koval@example.com',
  website: 'Website',
  products_count: 3,
  created_at: '2026-12-03T09:30:00.000Z',
};

export const makerExamples: AreaExamples<(typeof api)['maker']> = {
  list: {
    items: [MAKER_EXAMPLE],
    total: 1,
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  info: MAKER_EXAMPLE,
  create: MAKER_EXAMPLE,
  update: MAKER_EXAMPLE,
  delete: OK_EXAMPLE,
};
