import { defineEndpoint } from '../endpoint.js';
import { ZIdParam } from '../resources/common.js';
import { ZCourierOpening, ZCourierStops } from '../resources/courier.js';

const tag = 'courier';
const permissions = ['show_courier_page'] as const;

/** §2 `/courier/fridge/list`: today's micromarkets of a courier and the service opening. */
export const courierApi = {
  stops: defineEndpoint({
    method: 'GET',
    path: '/v1/courier/micromarkets',
    tag,
    summary: 'Micromarkets with something to bring or take out today (the restock plan), most work first',
    permissions,
    response: ZCourierStops,
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/v1/courier/service-link/:id',
    tag,
    summary: 'A one-time courier link (1 h) to open micromarket `id` for service through its open-micromarket form',
    permissions,
    params: ZIdParam,
    response: ZCourierOpening,
  }),
};
