import { ZOrganizationOptions } from '@vitrina/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizations } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';

export async function organizationRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/organization/options',
    {
      config: { permissions: ['show_organizations_page', 'show_users_page', 'show_users_roles_page'] },
      schema: {
        tags: ['organizations'],
        summary: 'Organisations the caller can see, with the access level to each, for pickers and filters',
        response: { 200: ZOrganizationOptions, ...errorResponses },
      },
    },
    async (request) => {
      const auth = actorOf(request);
      const ids = auth.scope.visibleIds;
      const rows = await ctx.db
        .select({
          id: organizations.id,
          name: organizations.name,
          type: organizations.type,
          currency: organizations.currency,
        })
        .from(organizations)
        .where(ids === null ? undefined : inArray(organizations.id, ids))
        .orderBy(organizations.id);
      return { items: rows.map((row) => ({ ...row, access_level: auth.scope.accessLevel(row.id) ?? 1 })) };
    },
  );
}
