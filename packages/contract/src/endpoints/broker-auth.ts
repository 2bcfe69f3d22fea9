import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { storableString } from '../resources/common.js';

const tag = 'broker';

/**
 * What RabbitMQ's HTTP auth backend sends (rabbitmq_auth_backend_http, `auth_http.http_method = get`):
 * every value a query string. Only the fields the answers depend on are read; RabbitMQ adds
 * others (ip, tags, variable_map.*), which pass through unread. RabbitMQ always sends them all;
 * one missing is answered `deny`, not refused, so each field is checked on its own.
 */
const ZBrokerName = storableString().max(255).default('');
const ZBrokerUserQuery = z.object({
  username: ZBrokerName,
  password: storableString().max(1024).default(''),
  vhost: ZBrokerName.optional(),
  client_id: ZBrokerName.optional(),
});
const ZBrokerVhostQuery = z.object({ username: ZBrokerName, vhost: ZBrokerName });
const ZBrokerResourceQuery = z.object({
  username: ZBrokerName,
  vhost: ZBrokerName,
  resource: z.enum(['exchange', 'queue', 'topic']).optional(),
  name: ZBrokerName,
  permission: z.enum(['configure', 'write', 'read']).optional(),
});
const ZBrokerTopicQuery = ZBrokerResourceQuery.extend({ routing_key: storableString().max(1024).default('') });
/** RabbitMQ reads the body: `allow` or `deny`. */
const ZBrokerDecision = z.enum(['allow', 'deny']);

/**
 * Device logins at RabbitMQ (docs/device-protocol.md §8, BROKER=rabbitmq): the broker asks
 * Vitrina whether a serial and private token may connect and which topics it may use, so a
 * rotated token or a deactivated fridge or organisation takes effect at the next connect. The
 * servers' own user is RabbitMQ's (docs/rabbitmq/definitions.json) and never asked here. The
 * routes answer nothing about a device without its token: the permission answers are the §8
 * ACL, the same for every serial, and a login needs the token.
 */
export const brokerAuthApi = {
  user: defineEndpoint({
    method: 'GET',
    path: '/v1/broker/auth/user',
    summary: 'RabbitMQ asks whether a device may log in: its serial, private token and client id',
    tag,
    isPublic: true,
    query: ZBrokerUserQuery,
    response: ZBrokerDecision,
    format: 'text',
  }),
  vhost: defineEndpoint({
    method: 'GET',
    path: '/v1/broker/auth/vhost',
    summary: 'RabbitMQ asks whether a device may use a virtual host',
    tag,
    isPublic: true,
    query: ZBrokerVhostQuery,
    response: ZBrokerDecision,
    format: 'text',
  }),
  resource: defineEndpoint({
    method: 'GET',
    path: '/v1/broker/auth/resource',
    summary: 'RabbitMQ asks whether a device may use a queue or exchange: its own session queues and amq.topic',
    tag,
    isPublic: true,
    query: ZBrokerResourceQuery,
    response: ZBrokerDecision,
    format: 'text',
  }),
  topic: defineEndpoint({
    method: 'GET',
    path: '/v1/broker/auth/topic',
    summary: 'RabbitMQ asks whether a device may publish or read a topic: its own uplink, its own commands',
    tag,
    isPublic: true,
    query: ZBrokerTopicQuery,
    response: ZBrokerDecision,
    format: 'text',
  }),
};
