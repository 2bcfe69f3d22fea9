import { defineEndpoint } from '../endpoint.js';
import { ZIdParam } from '../resources/common.js';
import {
  ZCourierDoorOpening,
  ZCourierOpening,
  ZCourierStopSummary,
  ZCourierStops,
  ZLoadResult,
  ZLoadTags,
  ZTakeOutTags,
} from '../resources/courier.js';
import { ZTagActionResult } from '../resources/tag.js';

const tag = 'courier';
const permissions = ['show_courier_page', 'show_dubai_courier_page'] as const;
const workspace = ['show_dubai_courier_page'] as const;

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
  openDoor: defineEndpoint({
    method: 'POST',
    path: '/v1/courier/open/:id',
    tag,
    summary:
      'The signed-in courier opens micromarket `id` for service with one tap: a stop of today’s route (or of their organisations on no route); the door command is queued and followed on the live stream',
    permissions,
    params: ZIdParam,
    response: ZCourierDoorOpening,
    errors: [409],
  }),
  stop: defineEndpoint({
    method: 'GET',
    path: '/v1/courier/stop/:id',
    tag,
    summary:
      'Micromarket `id` as a stop of the courier workspace: its plan lines and what was loaded and taken out there today',
    permissions: workspace,
    params: ZIdParam,
    response: ZCourierStopSummary,
  }),
  load: defineEndpoint({
    method: 'POST',
    path: '/v1/courier/load/:id',
    tag,
    summary: 'Scanned tags go from storage (new) into micromarket `id`; codes that cannot are listed back',
    permissions: workspace,
    params: ZIdParam,
    body: ZLoadTags,
    response: ZLoadResult,
  }),
  takeOut: defineEndpoint({
    method: 'POST',
    path: '/v1/courier/take-out/:id',
    tag,
    summary: 'Scanned tags inside micromarket `id` are written off or removed with a reason, all or none',
    permissions: workspace,
    params: ZIdParam,
    body: ZTakeOutTags,
    response: ZTagActionResult,
    errors: [409],
  }),
};
