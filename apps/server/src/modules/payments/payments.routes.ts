import { api } from '@vitrina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as settings from './payment-settings.service.js';
import { receiveWebhook } from './payment-webhooks.service.js';
import * as platform from './platform-settings.service.js';
import type { PaymentProviders } from './provider-registry.js';

type Options = { ctx: ServiceContext; providers: PaymentProviders };

export async function paymentRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  const p = api.payment;
  registerEndpoint(app, p.settings, ({ actor, params }) =>
    settings.getPaymentSettings(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, p.updateSettings, ({ actor, params, body }) =>
    settings.updatePaymentSettings(ctx, providers, actor, params.org_id, body),
  );
  registerEndpoint(app, p.testConnection, ({ actor, params }) =>
    settings.testPaymentConnection(ctx, providers, actor, params.org_id),
  );
  const pp = api.platformPayment;
  registerEndpoint(app, pp.settings, () => platform.getPlatformPaymentSettings(ctx));
  registerEndpoint(app, pp.updateSettings, ({ actor, body }) =>
    platform.updatePlatformPaymentSettings(ctx, providers, actor, body),
  );
  registerEndpoint(app, pp.testConnection, ({ actor }) => platform.testPlatformConnection(ctx, providers, actor));
  // The test provider's offline card form: what Stripe.js does for a real card, here for its test cards.
  registerEndpoint(app, api.card.confirmTestSetup, async ({ body }) => {
    if (!(await providers.testBank.cards.confirm(body.client_secret, body.payment_method))) throw notFound();
    return { ok: true as const };
  });
  // The signature covers the body byte for byte, so this route reads it as text, whatever its type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    registerEndpoint(raw, p.webhook, ({ params, request }) =>
      receiveWebhook(ctx, providers, {
        source: { kind: 'org', orgId: params.org_id },
        provider: params.provider,
        ...signedBody(request),
      }),
    );
    registerEndpoint(raw, pp.webhook, ({ params, request }) =>
      receiveWebhook(ctx, providers, {
        source: { kind: 'platform' },
        provider: params.provider,
        ...signedBody(request),
      }),
    );
  });
}

/** A provider's POST as its signature covers it: the body byte for byte and the signature header. */
function signedBody(request: FastifyRequest) {
  return {
    rawBody: typeof request.body === 'string' ? request.body : '',
    signature: request.headers['stripe-signature'] as string | undefined,
  };
}
