import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../plugins/endpoints.js';
import { deviceAcl, loginRefusal } from './device-access.js';
import type { DeviceDirectory } from './device-directory.js';
import type { GatewayStats } from './gateway-stats.js';
import { RABBITMQ_EXCHANGE } from './rabbitmq-broker.js';

/** The recipe's vhost of the devices (docs/rabbitmq/rabbitmq.conf `mqtt.vhost`) unless AMQP_URL names another. */
export const DEFAULT_DEVICES_VHOST = 'vitrina';

type Options = {
  directory: DeviceDirectory;
  /** The vhost devices land in: the servers' AMQP_URL's. */
  vhost: string;
  /** The gateway's counters, when one runs: a refused login counts as an auth failure, as at the embedded broker. */
  stats?: GatewayStats | undefined;
};

const decision = (allowed: boolean) => (allowed ? ('allow' as const) : ('deny' as const));

/**
 * RabbitMQ's HTTP auth backend asks these (docs/rabbitmq/rabbitmq.conf `auth_http.*`): a device's
 * login is the embedded broker's check (device-access.ts), and its permissions §8's ACL. RabbitMQ
 * caches the permission answers per connection, so a revoked device is shut out by closing its
 * connections (org-watch.ts) and refusing its next login. The routes are public, as the broker
 * calls them without a session, and give nothing away without a device's token.
 */
export function brokerAuthRoutes(app: FastifyInstance, options: Options): void {
  registerEndpoint(app, api.brokerAuth.user, async ({ query }) => {
    const refusal = await loginRefusal(options.directory, {
      username: query.username,
      clientId: query.client_id,
      password: query.password,
    });
    if (refusal !== null && options.stats) options.stats.authFailures += 1;
    return decision(refusal === null && (query.vhost ?? options.vhost) === options.vhost);
  });
  registerEndpoint(app, api.brokerAuth.vhost, ({ query }) =>
    decision(deviceAcl.vhost(query.username, query.vhost, options.vhost)),
  );
  registerEndpoint(app, api.brokerAuth.resource, ({ query }) =>
    decision(query.vhost === options.vhost && deviceAcl.resource(query.username, query, RABBITMQ_EXCHANGE)),
  );
  registerEndpoint(app, api.brokerAuth.topic, ({ query }) =>
    decision(query.vhost === options.vhost && deviceAcl.topic(query.username, query, RABBITMQ_EXCHANGE)),
  );
}
