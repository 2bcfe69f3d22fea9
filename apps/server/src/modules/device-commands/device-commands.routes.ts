import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { type CommandGateway, commandHistory, sendCommand, sendGroupCommand } from './device-commands.service.js';

export async function deviceCommandRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; gateway: CommandGateway | null },
) {
  const { ctx, gateway } = options;
  registerEndpoint(app, api.deviceCommand.send, ({ actor, params, body }) =>
    sendCommand({ ctx, actor, micromarketId: params.id, command: body, delivery: gateway }),
  );
  registerEndpoint(app, api.deviceCommand.history, ({ actor, params, query }) =>
    commandHistory(ctx, actor, params.id, query),
  );
  registerEndpoint(app, api.deviceCommand.sendToGroup, ({ actor, params, body }) =>
    sendGroupCommand({ ctx, actor, groupId: params.id, command: body, delivery: gateway }),
  );
  registerEndpoint(app, api.deviceCommand.gatewayStats, () => ({
    broker: gateway ? gateway.kind : ('off' as const),
    ...(gateway?.stats.snapshot() ?? {
      received: 0,
      accepted: 0,
      clock_skew: 0,
      auth_failures: 0,
      telemetry_dropped: 0,
      events_dropped: 0,
      out_of_order: 0,
      rejected: {},
    }),
  }));
}
