import { defineEndpoint } from '../endpoint.js';
import { ZOrganizationOptions } from '../resources/organization.js';

export const organizationApi = {
  options: defineEndpoint({
    method: 'GET',
    path: '/v1/organization/options',
    tag: 'organizations',
    summary: 'Organisations the caller can see, with the access level to each, for pickers and filters',
    permissions: ['show_organizations_page', 'show_users_page', 'show_users_roles_page', 'show_payment_system_setting'],
    response: ZOrganizationOptions,
  }),
};
