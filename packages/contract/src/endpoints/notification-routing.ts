import { defineEndpoint } from '../endpoint.js';
import {
  ZNotificationLog,
  ZNotificationLogQuery,
  ZNotificationRouting,
  ZNotificationRoutingQuery,
  ZUpdateNotificationRouting,
} from '../resources/notification-routing.js';

const tag = 'client notifications';
const permissions = ['show_notification_system_page_for_client'] as const;

/** §2 `/notification/system/client`: which events go to which channel and recipients, and what went out. */
export const notificationRoutingApi = {
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/notification/client',
    summary: "Which notifications the caller's organisation receives, and where",
    tag,
    permissions,
    query: ZNotificationRoutingQuery,
    response: ZNotificationRouting,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/notification/client/update',
    tag,
    summary: 'Replace the organisation’s rules at once; a channel must be the organisation’s own',
    permissions,
    body: ZUpdateNotificationRouting,
    response: ZNotificationRouting,
  }),
  log: defineEndpoint({
    method: 'GET',
    path: '/v1/notification/log',
    tag,
    summary: 'What went out, what waits and what failed, newest first',
    permissions,
    query: ZNotificationLogQuery,
    response: ZNotificationLog,
  }),
};
