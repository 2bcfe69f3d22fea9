import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as settings from './fiscal-settings.service.js';
import type { FiscalProviders } from './provider-registry.js';

type Options = { ctx: ServiceContext; providers: FiscalProviders };

export async function fiscalRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  registerEndpoint(app, api.fiscal.settings, ({ actor, params }) =>
    settings.getFiscalSettings(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.fiscal.updateSettings, ({ actor, params, body }) =>
    settings.updateFiscalSettings(ctx, providers, actor, params.org_id, body),
  );
  registerEndpoint(app, api.fiscal.testConnection, ({ actor, params }) =>
    settings.testFiscalConnection(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.fiscal.openShift, ({ actor, params }) =>
    settings.setFiscalShift(ctx, providers, actor, params.org_id, true),
  );
  registerEndpoint(app, api.fiscal.closeShift, ({ actor, params }) =>
    settings.setFiscalShift(ctx, providers, actor, params.org_id, false),
  );
}
