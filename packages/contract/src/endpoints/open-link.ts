import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  ZCreateOpenLink,
  ZOpenFridgeAnswer,
  ZOpenFridgeForm,
  ZOpenLink,
  ZOpenLinkInfo,
  ZOpenLinkList,
  ZOpenProgress,
  ZOpenProgressParam,
  ZOpenPurchaseAnswer,
  ZOpenTokenParam,
  ZRevokeOpenLink,
} from '../resources/open-link.js';

const tag = 'open links';

/**
 * Links that open a micromarket's door from a phone (§2 public routes). A link is a door
 * opening handed out in advance, so managing links takes the permission to open the door.
 */
export const openLinkApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/device/open-link/:id',
    tag,
    summary: 'Create an open link (customer: until it expires; courier: once) for a micromarket',
    permissions: ['send_device_commands'],
    params: ZIdParam,
    body: ZCreateOpenLink,
    response: ZOpenLink,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/device/open-links/:id',
    tag,
    summary: 'The micromarket’s links that still work, newest first',
    permissions: ['send_device_commands'],
    params: ZIdParam,
    response: ZOpenLinkList,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/v1/device/open-link/revoke',
    tag,
    summary: 'Stop a link working at once',
    permissions: ['send_device_commands'],
    body: ZRevokeOpenLink,
    response: ZOk,
  }),
  customerInfo: defineEndpoint({
    method: 'GET',
    path: '/v1/open/fridge/:token',
    tag,
    summary: 'The micromarket a customer link opens; 404 for any link that does not work',
    isPublic: true,
    params: ZOpenTokenParam,
    response: ZOpenLinkInfo,
    errors: [429],
  }),
  customerOpen: defineEndpoint({
    method: 'POST',
    path: '/v1/open/fridge/:token',
    tag,
    summary: 'Send the open-micromarket form and open the door by a customer link',
    isPublic: true,
    params: ZOpenTokenParam,
    body: ZOpenFridgeForm,
    response: ZOpenPurchaseAnswer,
    errors: [409, 429],
  }),
  courierInfo: defineEndpoint({
    method: 'GET',
    path: '/v1/courier/open/fridge/:token',
    tag,
    summary: 'The micromarket a courier link opens; 404 for any link that does not work',
    isPublic: true,
    params: ZOpenTokenParam,
    response: ZOpenLinkInfo,
    errors: [429],
  }),
  courierOpen: defineEndpoint({
    method: 'POST',
    path: '/v1/courier/open/fridge/:token',
    tag,
    summary: 'Send the open-micromarket form and open the door by a one-time courier link',
    isPublic: true,
    params: ZOpenTokenParam,
    body: ZOpenFridgeForm,
    response: ZOpenFridgeAnswer,
    errors: [409, 429],
  }),
  progress: defineEndpoint({
    method: 'GET',
    path: '/v1/open/door/:command',
    tag,
    summary: 'Where the door command of a link opening is (queued, sent, acknowledged, failed, expired)',
    isPublic: true,
    params: ZOpenProgressParam,
    response: ZOpenProgress,
    errors: [429],
  }),
};
