import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as settings from './fiscal-settings.service.js';
import type { FiscalProviders } from './provider-registry.js';

type Options = { ctx: ServiceContext; providers: FiscalProviders };

export async function fiscalRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  registerEndpoint(app, api.receipt.fiscalSettings, ({ actor, params }) =>
    settings.getFiscalSettings(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.receipt.updateFiscalSettings, ({ actor, params, body }) =>
    settings.updateFiscalSettings(ctx, providers, actor, params.org_id, body),
  );
  registerEndpoint(app, api.receipt.testFiscalConnection, ({ actor, params }) =>
    settings.testFiscalConnection(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.receipt.openShift, ({ actor, params }) =>
    settings.setFiscalShift(ctx, providers, actor, params.org_id, true),
  );
  registerEndpoint(app, api.receipt.closeShift, ({ actor, params }) =>
    settings.setFiscalShift(ctx, providers, actor, params.org_id, false),
  );
}
