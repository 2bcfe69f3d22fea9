import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { LoginLimiter } from '../../lib/login-limiter.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import { ResetLimiter } from '../../lib/reset-limiter.js';
import { anonymousOf } from '../../plugins/auth.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as auth from './auth.service.js';

const OK = { ok: true as const };

/** The rate limits read the context's clock, so tests move time without sleeping, and count across instances. */
export async function authRoutes(
  app: FastifyInstance,
  { ctx, rateSharing }: { ctx: ServiceContext; rateSharing: RateSharing },
) {
  const now = () => ctx.clock.nowMs();
  const limiter = new LoginLimiter(undefined, undefined, now, rateSharing.share('login'));
  const resetLimiter = new ResetLimiter(now, rateSharing.share('password-reset'));

  registerEndpoint(app, api.auth.login, ({ body, request }) => auth.login(ctx, limiter, body, anonymousOf(request)));
  registerEndpoint(app, api.auth.me, ({ actor }) => auth.me(actor));

  registerEndpoint(app, api.auth.logout, async ({ actor }) => {
    await auth.logout(ctx, actor);
    return OK;
  });

  registerEndpoint(app, api.auth.switchRole, ({ actor, body }) => auth.switchRole(ctx, actor, body.role_id));
  registerEndpoint(app, api.auth.switchBack, ({ actor }) => auth.switchBack(ctx, actor));
  registerEndpoint(app, api.auth.invitation, ({ params }) => auth.invitationInfo(ctx, params.token));
  registerEndpoint(app, api.auth.register, ({ body, request }) => auth.register(ctx, body, anonymousOf(request)));

  registerEndpoint(app, api.auth.requestPasswordReset, async ({ body, request }) => {
    await auth.requestPasswordReset(ctx, resetLimiter, body.email, anonymousOf(request));
    return OK;
  });

  registerEndpoint(app, api.auth.resetToken, ({ params }) => auth.resetTokenInfo(ctx, params.token));

  registerEndpoint(app, api.auth.resetPassword, async ({ params, body, request }) => {
    await auth.resetPassword(ctx, params.token, body.password, anonymousOf(request));
    return OK;
  });
}
