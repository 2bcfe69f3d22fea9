/** Device groups: named sets of one organisation's micromarkets. */
export { deviceGroupRoutes } from './device-groups.routes.js';
