/** Users of the organisations, and the one search of an organisation's customers. */
export { type CustomerSearch, type FoundCustomer, searchCustomers } from './customer-search.js';
export { createFirstAdmin, FirstAdminRefused, hasUsers } from './first-admin.js';
export { userRoutes } from './users.routes.js';
