import { api, type OpenLinkKind } from '@vitrina/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import { anonymousOf } from '../../plugins/auth.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { CommandDelivery } from '../device-commands/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { guestClient, OpenLimiter, refuseIfLimited, underAttemptLimits } from './open-limiter.js';
import * as links from './open-links.service.js';
import { heldAttemptKey, holdKeyOf } from './open-purchase.service.js';
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

  /** Per address on every public call (the forms' limits: `underAttemptLimits`). */
  const limit = (request: FastifyRequest, reply: FastifyReply) => refuseIfLimited(reply, limiter.hit(request.ip));
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
  registerEndpoint(app, api.openLink.customerOpen, async ({ params, body, request, reply }) => {
    // The same attempt back from the bank (or sent again) is no new attempt.
    const heldKey = body.attempt
      ? await heldAttemptKey(ctx, holdKeyOf(params.token.toLowerCase(), body.attempt))
      : null;
    const attempt = { ip: request.ip, client: guestClient(params.token, request.ip), heldKey };
    return underAttemptLimits(limiter, reply, attempt, () =>
      openByLink(ctx, anonymousOf(request), { token: params.token, kind: 'customer', body, delivery, payments }),
    );
  });
  registerEndpoint(app, api.openLink.courierOpen, ({ params, body, request, reply }) => {
    const attempt = { ip: request.ip, client: guestClient(params.token, request.ip), heldKey: null };
    return underAttemptLimits(limiter, reply, attempt, () =>
      openByLink(ctx, anonymousOf(request), { token: params.token, kind: 'courier', body, delivery }),
    );
  });
  registerEndpoint(app, api.openLink.progress, ({ params, request, reply }) => {
    refuseIfLimited(reply, limiter.hitProgress(request.ip));
    return links.openingProgress(ctx, params.command);
  });
}
