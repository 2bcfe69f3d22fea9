import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZUserGroup } from '../resources/user-group.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const USER_GROUP_EXAMPLE: z.input<typeof ZUserGroup> = {
  id: 101,
  org_id: 101,
  name: 'Office staff',
  phones_count: 3,
  members_count: 3,
  created_at: '2026-12-03T09:30:00.000Z',
};

export const userGroupExamples: AreaExamples<(typeof api)['userGroup']> = {
  list: {
    items: [USER_GROUP_EXAMPLE],
    total: 1,
  },
  info: USER_GROUP_EXAMPLE,
  create: USER_GROUP_EXAMPLE,
  update: USER_GROUP_EXAMPLE,
  delete: OK_EXAMPLE,
  members: {
    items: [
      {
        phone: '+380501234567',
        customer_id: 101,
        customer_name: 'Anna Koval',
      },
    ],
    total: 1,
  },
  importPhones: {
    read: 1,
    added: 1,
    duplicates: 1,
    invalid: 1,
    invalid_examples: ['Invalid example'],
    unknown: 1,
    group: USER_GROUP_EXAMPLE,
  },
  removePhone: USER_GROUP_EXAMPLE,
};
