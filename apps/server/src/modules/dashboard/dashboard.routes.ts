import { NEW_USER_WINDOW_DAYS, ZDashboardSummary } from '@vitrina/contract';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';

export async function dashboardRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/dashboard/summary',
    {
      config: { permissions: ['show_dashboard_page'] },
      schema: {
        tags: ['dashboard'],
        summary: 'Counters of the dashboard',
        response: { 200: ZDashboardSummary, ...errorResponses },
      },
    },
    async (request) => {
      const ids = actorOf(request).scope.visibleIds;
      const since = new Date(Date.now() - NEW_USER_WINDOW_DAYS * 24 * 3600 * 1000);
      const [row] = await ctx.db
        .select({
          users: sql<number>`count(*)::int`,
          newUsers: sql<number>`(count(*) filter (where ${gte(users.createdAt, since)}))::int`,
        })
        .from(users)
        .where(and(ids === null ? undefined : inArray(users.orgId, ids)));
      return { users: row?.users ?? 0, new_users: row?.newUsers ?? 0 };
    },
  );
}
