import { api, resolveLocale } from '@vitrina/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { PaymentProviders } from './provider-registry.js';
import * as settings from './settings/payment-settings.service.js';
import * as platform from './settings/platform-settings.service.js';
import { answerChallenge, challengePage } from './test-bank/test-bank-page.js';
import { receiveWebhook } from './webhooks/payment-webhooks.service.js';

type Options = { ctx: ServiceContext; providers: PaymentProviders };

export async function paymentRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  registerEndpoint(app, api.payment.settings, ({ actor, params }) =>
    settings.getPaymentSettings(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.payment.updateSettings, ({ actor, params, body }) =>
    settings.updatePaymentSettings(ctx, providers, actor, params.org_id, body),
  );
  registerEndpoint(app, api.payment.testConnection, ({ actor, params }) =>
    settings.testPaymentConnection(ctx, providers, actor, params.org_id),
  );
  registerEndpoint(app, api.platformPayment.settings, () => platform.getPlatformPaymentSettings(ctx));
  registerEndpoint(app, api.platformPayment.updateSettings, ({ actor, body }) =>
    platform.updatePlatformPaymentSettings(ctx, providers, actor, body),
  );
  registerEndpoint(app, api.platformPayment.testConnection, ({ actor }) =>
    platform.testPlatformConnection(ctx, providers, actor),
  );
  // The test provider's offline card form: what Stripe.js does for a real card, here for its test cards.
  registerEndpoint(app, api.card.confirmTestSetup, async ({ body }) => {
    if (!(await providers.testBank.cards.confirm(body.client_secret, body.payment_method))) throw notFound();
    return { ok: true as const };
  });
  // The test bank's 3-D Secure challenge: its page, and the buyer's answer by a form POST.
  registerEndpoint(app, api.card.testBankChallenge, ({ params, request }) =>
    challengePage(ctx.db, providers, params.token, pageLocale(request)),
  );
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerEndpoint(form, api.card.testBankAnswer, ({ params, body, request }) =>
      answerChallenge(ctx.db, providers, params.token, body.decision === 'approve', pageLocale(request)),
    );
  });
  // The signature covers the body byte for byte, so this route reads it as text, whatever its type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    registerEndpoint(raw, api.payment.webhook, ({ params, request }) =>
      receiveWebhook(ctx, providers, {
        source: { kind: 'org', orgId: params.org_id },
        provider: params.provider,
        ...signedBody(request),
      }),
    );
    registerEndpoint(raw, api.platformPayment.webhook, ({ params, request }) =>
      receiveWebhook(ctx, providers, {
        source: { kind: 'platform' },
        provider: params.provider,
        ...signedBody(request),
      }),
    );
  });
}

/** A page the browser opens itself (no `lang` header from the panel): in the browser's language. */
function pageLocale(request: FastifyRequest) {
  return resolveLocale(request.headers.lang ?? request.headers['accept-language']);
}

/** A provider's POST as its signature covers it: the body byte for byte and the signature header. */
function signedBody(request: FastifyRequest) {
  return {
    rawBody: typeof request.body === 'string' ? request.body : '',
    signature: request.headers['stripe-signature'] as string | undefined,
  };
}
