import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZOrganization, ZOrganizationLink, ZOrganizationLinks } from '../resources/organization.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const ORGANIZATION_EXAMPLE: z.input<typeof ZOrganization> = {
  id: 101,
  name: 'Kyiv Snacks LLC',
  type: 'main',
  parent_id: 101,
  parent_name: 'Kyiv Snacks LLC',
  fiscal_number: '4000123456',
  currency: 'UAH',
  time_zone: 'Europe/Kyiv',
  subscription_price: 4500,
  contact_name: 'Kyiv Snacks LLC',
  contact_phone: '+380501234567',
  contact_email: 'anna.koval@example.com',
  address: 'Khreshchatyk St, 22, Kyiv',
  active: true,
  users_count: 3,
  micromarkets_count: 3,
  access_level: 1,
  created_at: '2026-12-03T09:30:00.000Z',
};

const ORGANIZATION_LINK_EXAMPLE: z.input<typeof ZOrganizationLink> = {
  owner_org_id: 101,
  owner_name: 'Kyiv office fridge',
  grantee_org_id: 101,
  grantee_name: 'Kyiv office fridge',
  access_level: 1,
  created_at: '2026-12-03T09:30:00.000Z',
};

const ORGANIZATION_LINKS_EXAMPLE: z.input<typeof ZOrganizationLinks> = {
  sub_organizations: [ORGANIZATION_LINK_EXAMPLE],
  shared_with: [ORGANIZATION_LINK_EXAMPLE],
  can_manage: true,
};

export const organizationExamples: AreaExamples<(typeof api)['organization']> = {
  options: {
    items: [
      {
        id: 101,
        name: 'Kyiv Snacks LLC',
        type: 'main',
        currency: 'UAH',
        time_zone: 'Europe/Kyiv',
        access_level: 1,
      },
    ],
  },
  list: {
    items: [ORGANIZATION_EXAMPLE],
    total: 1,
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  info: ORGANIZATION_EXAMPLE,
  create: ORGANIZATION_EXAMPLE,
  update: ORGANIZATION_EXAMPLE,
  deactivate: ORGANIZATION_EXAMPLE,
  activate: ORGANIZATION_EXAMPLE,
  delete: OK_EXAMPLE,
  links: ORGANIZATION_LINKS_EXAMPLE,
  grantLink: ORGANIZATION_LINKS_EXAMPLE,
  revokeLink: ORGANIZATION_LINKS_EXAMPLE,
};
