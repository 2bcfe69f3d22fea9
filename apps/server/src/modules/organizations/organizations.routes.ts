import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { exportOrganizations } from './organization-export.js';
import * as orgs from './organizations.service.js';

export async function organizationRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const o = api.organization;
  registerEndpoint(app, o.options, ({ actor }) => orgs.organizationOptions(ctx, actor));
  registerEndpoint(app, o.list, ({ actor, query }) => orgs.listOrganizations(ctx, actor, query));
  registerEndpoint(app, o.export, ({ actor, query }) => exportOrganizations(ctx, actor, query));
  registerEndpoint(app, o.info, ({ actor, params }) => orgs.getOrganization(ctx, actor, params.id));
  registerEndpoint(app, o.create, ({ actor, body }) => orgs.createOrganization(ctx, actor, body));
  registerEndpoint(app, o.update, ({ actor, params, body }) => orgs.updateOrganization(ctx, actor, params.id, body));
  registerEndpoint(app, o.deactivate, ({ actor, params }) => orgs.setOrganizationActive(ctx, actor, params.id, false));
  registerEndpoint(app, o.activate, ({ actor, params }) => orgs.setOrganizationActive(ctx, actor, params.id, true));
  registerEndpoint(app, o.delete, async ({ actor, params }) => {
    await orgs.deleteOrganization(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, o.links, ({ actor, params }) => orgs.organizationLinks(ctx, actor, params.id));
  registerEndpoint(app, o.grantLink, ({ actor, params, body }) => orgs.grantLink(ctx, actor, params.id, body));
  registerEndpoint(app, o.revokeLink, ({ actor, params, body }) =>
    orgs.revokeLink(ctx, actor, params.id, body.sub_org_id),
  );
}
