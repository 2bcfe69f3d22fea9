import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as bonuses from './bonuses.service.js';
import * as blocks from './customer-blocks.service.js';
import * as users from './users.service.js';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.user.list, ({ actor, query }) => users.listUsers(ctx, actor, query));

  registerEndpoint(app, api.user.report, async ({ actor, query, reply }) => {
    const date = ctx.clock.now().toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="users-${date}.csv"`);
    return users.userReport(ctx, actor, query);
  });

  registerEndpoint(app, api.user.create, ({ actor, body }) => users.createUser(ctx, actor, body));
  registerEndpoint(app, api.user.info, ({ actor, params }) => users.getUser(ctx, actor, params.id));
  registerEndpoint(app, api.user.infoBy, ({ actor, params }) => users.findUserBy(ctx, actor, params.value));
  registerEndpoint(app, api.user.update, ({ actor, params, body }) => users.updateUser(ctx, actor, params.id, body));
  registerEndpoint(app, api.user.invite, ({ actor, params }) => users.resendInvitation(ctx, actor, params.id));
  registerEndpoint(app, api.user.bonuses, ({ actor, params, query }) =>
    bonuses.bonusHistory(ctx, actor, params.id, query),
  );
  registerEndpoint(app, api.user.changeBonuses, ({ actor, params, body }) =>
    bonuses.changeBonuses(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.user.block, ({ actor, params }) => blocks.customerBlock(ctx, actor, params.id));
  registerEndpoint(app, api.user.blockCustomer, ({ actor, params, body }) =>
    blocks.blockCustomer(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.user.unblockCustomer, ({ actor, params }) => blocks.unblockCustomer(ctx, actor, params.id));
}
