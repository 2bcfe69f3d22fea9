import { api, type OpenLinkKind } from '@vitrina/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import { anonymousOf } from '../../plugins/auth.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { CommandDelivery } from '../devices/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { OpenLimiter } from './open-limiter.js';
import * as links from './open-links.service.js';
import { openByLink } from './opening.service.js';

export async function openLinkRoutes(
  app: FastifyInstance,
  options: {
    ctx: ServiceContext;
    delivery: CommandDelivery | null;
    rateSharing: RateSharing;
    limiter?: OpenLimiter;
    payments?: PaymentProviders;
  },
) {
  const { ctx, delivery } = options;
  const payments = options.payments ?? null;
  const limiter =
    options.limiter ?? new OpenLimiter(undefined, () => ctx.clock.nowMs(), options.rateSharing.share('open-links'));

  registerEndpoint(app, api.openLink.create, ({ actor, params, body }) =>
    links.createLink(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.openLink.list, ({ actor, params }) => links.listLinks(ctx, actor, params.id));
  registerEndpoint(app, api.openLink.revoke, async ({ actor, body }) => {
    await links.revokeLink(ctx, actor, body.token);
    return { ok: true as const };
  });

  /** Per address on every public call; per token on the forms only (a page view costs nothing). */
  const limit = (request: FastifyRequest, reply: FastifyReply, token?: string) => {
    const waitMs = limiter.hit(request.ip, token);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw links.rateLimited(waitMs);
    }
  };
  const info =
    (kind: OpenLinkKind) => (call: { params: { token: string }; request: FastifyRequest; reply: FastifyReply }) => {
      limit(call.request, call.reply);
      return links.linkInfo(ctx, anonymousOf(call.request), call.params.token, kind);
    };
  registerEndpoint(app, api.openLink.customerInfo, info('customer'));
  registerEndpoint(app, api.openLink.courierInfo, info('courier'));
  registerEndpoint(app, api.card.openSetup, ({ params, request, reply }) => {
    limit(request, reply);
    return links.startOpenCardSetup(ctx, payments, params.token);
  });
  registerEndpoint(app, api.openLink.customerOpen, ({ params, body, request, reply }) => {
    limit(request, reply, params.token);
    return openByLink(ctx, anonymousOf(request), {
      token: params.token,
      kind: 'customer',
      body,
      delivery,
      payments,
    });
  });
  registerEndpoint(app, api.openLink.courierOpen, ({ params, body, request, reply }) => {
    limit(request, reply, params.token);
    return openByLink(ctx, anonymousOf(request), { token: params.token, kind: 'courier', body, delivery });
  });
  registerEndpoint(app, api.openLink.progress, ({ params, request, reply }) => {
    const waitMs = limiter.hitProgress(request.ip);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw links.rateLimited(waitMs);
    }
    return links.openingProgress(ctx, params.command);
  });
}
