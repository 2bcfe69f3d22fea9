import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { CommandDelivery } from '../device-commands/index.js';
import { courierOpening, courierStops } from './courier.service.js';
import { openForService } from './door.service.js';
import { loadTags, stopSummary, takeOutTags } from './stop.service.js';

export async function courierRoutes(
  app: FastifyInstance,
  { ctx, delivery }: { ctx: ServiceContext; delivery: CommandDelivery | null },
) {
  registerEndpoint(app, api.courier.stops, ({ actor }) => courierStops(ctx, actor));
  registerEndpoint(app, api.courier.open, ({ actor, params }) => courierOpening(ctx, actor, params.id));
  registerEndpoint(app, api.courier.openDoor, ({ actor, params }) => openForService(ctx, actor, params.id, delivery));
  registerEndpoint(app, api.courier.stop, ({ actor, params }) => stopSummary(ctx, actor, params.id));
  registerEndpoint(app, api.courier.load, ({ actor, params, body }) => loadTags(ctx, actor, params.id, body));
  registerEndpoint(app, api.courier.takeOut, ({ actor, params, body }) => takeOutTags(ctx, actor, params.id, body));
}
