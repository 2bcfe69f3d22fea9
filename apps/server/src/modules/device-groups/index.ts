/** Device groups: named sets of one organisation's micromarkets. */

export { routeCouriersOf, routeMicromarkets } from './device-groups.repository.js';
export { deviceGroupRoutes } from './device-groups.routes.js';
