import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZPageQuery } from '../resources/common.js';
import {
  ZDeviceCommandList,
  ZGatewayStats,
  ZSendDeviceCommand,
  ZSentDeviceCommand,
  ZSentGroupCommand,
} from '../resources/device-command.js';

export const deviceCommandApi = {
  send: defineEndpoint({
    method: 'POST',
    path: '/v1/device/command/:id',
    tag: 'device commands',
    summary: 'Queue a command for a micromarket; delivered at least once until acknowledged or expired',
    permissions: ['send_device_commands'],
    params: ZIdParam,
    body: ZSendDeviceCommand,
    response: ZSentDeviceCommand,
    errors: [409],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/v1/device/commands/:id',
    tag: 'device commands',
    summary: 'Commands of a micromarket, newest first',
    permissions: ['show_device_page', 'send_device_commands'],
    params: ZIdParam,
    query: ZPageQuery,
    response: ZDeviceCommandList,
  }),
  sendToGroup: defineEndpoint({
    method: 'POST',
    path: '/v1/device-group/command/:id',
    tag: 'device commands',
    summary: 'Queue a command for every micromarket of a device group',
    permissions: ['send_device_commands'],
    params: ZIdParam,
    body: ZSendDeviceCommand,
    response: ZSentGroupCommand,
    errors: [409],
  }),
  gatewayStats: defineEndpoint({
    method: 'GET',
    path: '/v1/device/gateway/stats',
    tag: 'device commands',
    summary: 'Device messages this server instance received, accepted and rejected (by reason)',
    permissions: ['view_all_organizations'],
    response: ZGatewayStats,
  }),
};
