import { api, NEW_USER_WINDOW_DAYS } from '@vitrina/contract';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { fleetSummary } from '../micromarkets/index.js';

export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.dashboard.summary, async ({ actor }) => {
    const ids = actor.scope.visibleIds;
    const since = new Date(ctx.clock.nowMs() - NEW_USER_WINDOW_DAYS * 24 * 3600 * 1000);
    const [row] = await ctx.db
      .select({
        users: sql<number>`count(*)::int`,
        newUsers: sql<number>`(count(*) filter (where ${gte(users.createdAt, since)}))::int`,
      })
      .from(users)
      .where(and(ids === null ? undefined : inArray(users.orgId, ids)));
    const fleet = await fleetSummary(ctx, actor);
    return {
      users: row?.users ?? 0,
      new_users: row?.newUsers ?? 0,
      micromarkets: fleet.total,
      micromarkets_online: fleet.online,
    };
  });
}
