import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { previewPromotion } from './promotion-preview.js';
import * as promotions from './promotions.service.js';

export async function promotionRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.bonusPromotion.list, ({ actor, query }) => promotions.listPromotions(ctx, actor, query));
  registerEndpoint(app, api.bonusPromotion.info, ({ actor, params }) => promotions.getPromotion(ctx, actor, params.id));
  registerEndpoint(app, api.bonusPromotion.create, ({ actor, body }) => promotions.createPromotion(ctx, actor, body));
  registerEndpoint(app, api.bonusPromotion.update, ({ actor, params, body }) =>
    promotions.updatePromotion(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.bonusPromotion.close, ({ actor, params }) =>
    promotions.closePromotion(ctx, actor, params.id),
  );
  registerEndpoint(app, api.bonusPromotion.preview, ({ actor, body }) => previewPromotion(ctx, actor, body));
}
