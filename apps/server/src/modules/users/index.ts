/** Users of the organisations, and the one search of an organisation's customers. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { userRoutes } from './users.routes.js';

export { type CustomerSearch, type FoundCustomer, searchCustomers } from './customer-search.js';
export { createFirstAdmin, FirstAdminRefused, hasUsers } from './first-admin.js';

export const usersModule: ModuleManifest = {
  name: 'users',
  routes: (app, { ctx }) => app.register(userRoutes, { ctx }),
};
