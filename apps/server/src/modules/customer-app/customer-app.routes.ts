import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import { anonymousOf } from '../../plugins/auth.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { CommandDelivery } from '../device-commands/index.js';
import {
  appHoldKeyOf,
  customerClient,
  heldAttemptKey,
  OpenLimiter,
  openByApp,
  underAttemptLimits,
} from '../open-links/index.js';
import {
  appMicromarkets,
  appOrderProducts,
  appWishProducts,
  createCustomerOrder,
  createCustomerWish,
  listCustomerOrders,
} from '../orders/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { commentCustomerChat, createCustomerChat, getCustomerChat, listCustomerChats } from '../support/index.js';
import { authenticatedPage } from './authenticated-page.js';
import {
  customerCode,
  listCards,
  removeCustomerCard,
  renewCustomerCode,
  saveCustomerCard,
  startCustomerCardSetup,
} from './cards.service.js';
import { inbox, markRead, registerDevice } from './inbox.service.js';
import { CodeLimiter, me, requestCode, signIn, signOut } from './sign-in.service.js';

const OK = { ok: true as const };

/**
 * The customer app's API (`/v1/app/…`): sign-in by code, push inbox and registration, support
 * chats, orders and wishes, saved cards, and opening a micromarket by the QR code on it.
 */
export async function customerAppRoutes(
  app: FastifyInstance,
  deps: {
    ctx: ServiceContext;
    rateSharing: RateSharing;
    payments: PaymentProviders;
    /** Sends an opening's door command at once (the device gateway; none without a broker). */
    delivery: CommandDelivery | null;
  },
) {
  const { ctx } = deps;
  const limiter = new CodeLimiter(() => ctx.clock.nowMs(), deps.rateSharing.share('customer-sign-in'));

  const endpoints = api.customerApp;
  registerEndpoint(app, endpoints.requestCode, ({ body, request }) =>
    requestCode(ctx, limiter, body, anonymousOf(request)),
  );
  registerEndpoint(app, endpoints.signIn, ({ body, request }) => signIn(ctx, limiter, body, anonymousOf(request)));
  registerEndpoint(app, endpoints.signOut, async ({ actor }) => {
    await signOut(ctx, actor);
    return OK;
  });
  registerEndpoint(app, endpoints.me, ({ actor }) => me(ctx, actor));
  registerEndpoint(app, endpoints.inbox, ({ actor, query }) => inbox(ctx, actor, query));
  registerEndpoint(app, endpoints.read, ({ actor, params }) => markRead(ctx, actor, params.id));
  registerEndpoint(app, endpoints.registerDevice, async ({ actor, body }) => {
    await registerDevice(ctx, actor, body);
    return OK;
  });
  registerEndpoint(app, endpoints.chats, ({ actor, query }) => listCustomerChats(ctx, actor, query));
  registerEndpoint(app, endpoints.chat, ({ actor, params }) => getCustomerChat(ctx, actor, params.id));
  registerEndpoint(app, endpoints.createChat, ({ actor, body }) => createCustomerChat(ctx, actor, body));
  registerEndpoint(app, endpoints.comment, ({ actor, params, body }) =>
    commentCustomerChat(ctx, actor, params.id, body.text),
  );
  registerEndpoint(app, endpoints.orderMicromarkets, ({ actor }) => appMicromarkets(ctx, actor));
  registerEndpoint(app, endpoints.orderProducts, ({ actor, query }) =>
    appOrderProducts(ctx, actor, query.micromarket_id),
  );
  registerEndpoint(app, endpoints.orders, ({ actor, query }) => listCustomerOrders(ctx, actor, query));
  registerEndpoint(app, endpoints.createOrder, ({ actor, body }) => createCustomerOrder(ctx, actor, body));
  registerEndpoint(app, endpoints.wishProducts, ({ actor, query }) =>
    appWishProducts(ctx, actor, query.micromarket_id),
  );
  registerEndpoint(app, endpoints.createWish, async ({ actor, body }) => {
    await createCustomerWish(ctx, actor, body);
    return OK;
  });
  // Saved cards: set up with the organisation's payment system (Stripe's SDK or the test provider's form).
  const cards = api.card;
  registerEndpoint(app, cards.appCards, ({ actor }) => listCards(ctx, actor));
  registerEndpoint(app, cards.appSetup, ({ actor }) => startCustomerCardSetup(ctx, deps.payments, actor));
  registerEndpoint(app, cards.appSave, ({ actor, body }) => saveCustomerCard(ctx, deps.payments, actor, body.setup_id));
  registerEndpoint(app, cards.appRemove, async ({ actor, params }) => {
    await removeCustomerCard(ctx, deps.payments, actor, params.id);
    return OK;
  });
  // The QR code the app shows at a fridge's reader: the fridge's door session with it is this customer's sale.
  registerEndpoint(app, cards.appCode, ({ actor }) => customerCode(ctx, actor));
  registerEndpoint(app, cards.appRenewCode, ({ actor }) => renewCustomerCode(ctx, actor));
  // Opening a micromarket: the guest page's limits per address, and the refused taps per customer
  // instead of per address at a link; counted apart. The same attempt back from the bank is no new one.
  const openLimiter = new OpenLimiter(undefined, () => ctx.clock.nowMs(), deps.rateSharing.share('app-open'));
  registerEndpoint(app, endpoints.openFridge, async ({ actor, params, body, request, reply }) => {
    const key = appHoldKeyOf(params.token.toLowerCase(), actor.userId, body.attempt);
    const attempt = { ip: request.ip, client: customerClient(actor.userId), heldKey: await heldAttemptKey(ctx, key) };
    return underAttemptLimits(openLimiter, reply, attempt, () =>
      openByApp(ctx, actor, {
        token: params.token,
        attempt: body.attempt,
        delivery: deps.delivery,
        payments: deps.payments,
      }),
    );
  });
  // Where the bank's 3-D Secure sends the customer back to: a page asking them to return to the app.
  registerEndpoint(app, endpoints.openAuthenticated, ({ query, request }) =>
    authenticatedPage(query.lang, request.headers['accept-language']),
  );
}
