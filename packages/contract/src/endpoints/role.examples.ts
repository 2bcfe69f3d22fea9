import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZRole } from '../resources/role.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const ROLE_EXAMPLE: z.input<typeof ZRole> = {
  id: 101,
  name: 'Operator',
  default_page: 'dashboard',
  permissions: ['Permission'],
  org_id: 101,
  users_count: 3,
};

export const roleExamples: AreaExamples<(typeof api)['role']> = {
  list: {
    items: [ROLE_EXAMPLE],
  },
  info: ROLE_EXAMPLE,
  create: ROLE_EXAMPLE,
  update: ROLE_EXAMPLE,
  delete: OK_EXAMPLE,
  permissionGroups: {
    role_id: 101,
    groups: [
      {
        area: 'dashboard',
        title: 'Fresh lunch is in',
        permissions: [
          {
            name: 'Kyiv office fridge',
            title: 'Fresh lunch is in',
            granted: true,
          },
        ],
      },
    ],
  },
  setPermissions: ROLE_EXAMPLE,
  options: {
    items: [
      {
        id: 101,
        name: 'Chicken sandwich',
        org_id: 101,
      },
    ],
  },
};
