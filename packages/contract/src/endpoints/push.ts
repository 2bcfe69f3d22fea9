import { defineEndpoint } from '../endpoint.js';
import { ZIdParam } from '../resources/common.js';
import {
  ZCreatePushMessage,
  ZListPushMessagesQuery,
  ZPushMessage,
  ZPushMessageList,
  ZPushPreview,
  ZPushRecipientOptions,
  ZPushRecipientsQuery,
} from '../resources/push.js';

const tag = 'push messages';
const permissions = ['show_push_notifications_page'] as const;

/** §2 `/push/new` and `/push/queue`: messages to customers, sent now or on schedule, within monthly limits. */
export const pushApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/push/list',
    tag,
    summary: 'The queue: scheduled, sending, sent, failed and cancelled messages with their delivery counts',
    permissions,
    query: ZListPushMessagesQuery,
    response: ZPushMessageList,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/push/info/:id',
    summary: 'A push message',
    tag,
    permissions,
    params: ZIdParam,
    response: ZPushMessage,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/v1/push/preview',
    tag,
    summary: 'Who a message would reach and when, without queueing it',
    permissions,
    body: ZCreatePushMessage,
    response: ZPushPreview,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/push/create',
    tag,
    summary: 'Queue a message for now or for a wall time on the organisation’s clock',
    permissions,
    body: ZCreatePushMessage,
    response: ZPushMessage,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/v1/push/cancel/:id',
    tag,
    summary: 'Call off a scheduled message (409 once it is sending or done)',
    permissions,
    params: ZIdParam,
    response: ZPushMessage,
    errors: [409],
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/v1/push/recipients',
    tag,
    summary: 'Customers of the organisation to address one message to, by name, email or phone',
    permissions,
    query: ZPushRecipientsQuery,
    response: ZPushRecipientOptions,
  }),
};
