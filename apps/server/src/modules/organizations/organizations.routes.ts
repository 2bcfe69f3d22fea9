import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { exportOrganizations } from './organization-export.js';
import * as orgs from './organizations.service.js';

export async function organizationRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.organization.options, ({ actor }) => orgs.organizationOptions(ctx, actor));
  registerEndpoint(app, api.organization.list, ({ actor, query }) => orgs.listOrganizations(ctx, actor, query));
  registerEndpoint(app, api.organization.export, ({ actor, query }) => exportOrganizations(ctx, actor, query));
  registerEndpoint(app, api.organization.info, ({ actor, params }) => orgs.getOrganization(ctx, actor, params.id));
  registerEndpoint(app, api.organization.create, ({ actor, body }) => orgs.createOrganization(ctx, actor, body));
  registerEndpoint(app, api.organization.update, ({ actor, params, body }) =>
    orgs.updateOrganization(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.organization.deactivate, ({ actor, params }) =>
    orgs.setOrganizationActive(ctx, actor, params.id, false),
  );
  registerEndpoint(app, api.organization.activate, ({ actor, params }) =>
    orgs.setOrganizationActive(ctx, actor, params.id, true),
  );
  registerEndpoint(app, api.organization.delete, async ({ actor, params }) => {
    await orgs.deleteOrganization(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.organization.links, ({ actor, params }) => orgs.organizationLinks(ctx, actor, params.id));
  registerEndpoint(app, api.organization.grantLink, ({ actor, params, body }) =>
    orgs.grantLink(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.organization.revokeLink, ({ actor, params, body }) =>
    orgs.revokeLink(ctx, actor, params.id, body.sub_org_id),
  );
}
