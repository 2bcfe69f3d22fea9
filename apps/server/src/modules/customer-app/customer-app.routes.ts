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

  registerEndpoint(app, api.customerApp.requestCode, ({ body, request }) =>
    requestCode(ctx, limiter, body, anonymousOf(request)),
  );
  registerEndpoint(app, api.customerApp.signIn, ({ body, request }) =>
    signIn(ctx, limiter, body, anonymousOf(request)),
  );
  registerEndpoint(app, api.customerApp.signOut, async ({ actor }) => {
    await signOut(ctx, actor);
    return OK;
  });
  registerEndpoint(app, api.customerApp.me, ({ actor }) => me(ctx, actor));
  registerEndpoint(app, api.customerApp.inbox, ({ actor, query }) => inbox(ctx, actor, query));
  registerEndpoint(app, api.customerApp.read, ({ actor, params }) => markRead(ctx, actor, params.id));
  registerEndpoint(app, api.customerApp.registerDevice, async ({ actor, body }) => {
    await registerDevice(ctx, actor, body);
    return OK;
  });
  registerEndpoint(app, api.customerApp.chats, ({ actor, query }) => listCustomerChats(ctx, actor, query));
  registerEndpoint(app, api.customerApp.chat, ({ actor, params }) => getCustomerChat(ctx, actor, params.id));
  registerEndpoint(app, api.customerApp.createChat, ({ actor, body }) => createCustomerChat(ctx, actor, body));
  registerEndpoint(app, api.customerApp.comment, ({ actor, params, body }) =>
    commentCustomerChat(ctx, actor, params.id, body.text),
  );
  registerEndpoint(app, api.customerApp.orderMicromarkets, ({ actor }) => appMicromarkets(ctx, actor));
  registerEndpoint(app, api.customerApp.orderProducts, ({ actor, query }) =>
    appOrderProducts(ctx, actor, query.micromarket_id),
  );
  registerEndpoint(app, api.customerApp.orders, ({ actor, query }) => listCustomerOrders(ctx, actor, query));
  registerEndpoint(app, api.customerApp.createOrder, ({ actor, body }) => createCustomerOrder(ctx, actor, body));
  registerEndpoint(app, api.customerApp.wishProducts, ({ actor, query }) =>
    appWishProducts(ctx, actor, query.micromarket_id),
  );
  registerEndpoint(app, api.customerApp.createWish, async ({ actor, body }) => {
    await createCustomerWish(ctx, actor, body);
    return OK;
  });
  // Saved cards: set up with the organisation's payment system (Stripe's SDK or the test provider's form).
  registerEndpoint(app, api.card.appCards, ({ actor }) => listCards(ctx, actor));
  registerEndpoint(app, api.card.appSetup, ({ actor }) => startCustomerCardSetup(ctx, deps.payments, actor));
  registerEndpoint(app, api.card.appSave, ({ actor, body }) =>
    saveCustomerCard(ctx, deps.payments, actor, body.setup_id),
  );
  registerEndpoint(app, api.card.appRemove, async ({ actor, params }) => {
    await removeCustomerCard(ctx, deps.payments, actor, params.id);
    return OK;
  });
  // The QR code the app shows at a fridge's reader: the fridge's door session with it is this customer's sale.
  registerEndpoint(app, api.card.appCode, ({ actor }) => customerCode(ctx, actor));
  registerEndpoint(app, api.card.appRenewCode, ({ actor }) => renewCustomerCode(ctx, actor));
  // Opening a micromarket: the guest page's limits per address, and the refused taps per customer
  // instead of per address at a link; counted apart. The same attempt back from the bank is no new one.
  const openLimiter = new OpenLimiter(undefined, () => ctx.clock.nowMs(), deps.rateSharing.share('app-open'));
  registerEndpoint(app, api.customerApp.openFridge, async ({ actor, params, body, request, reply }) => {
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
  registerEndpoint(app, api.customerApp.openAuthenticated, ({ query, request }) =>
    authenticatedPage(query.lang, request.headers['accept-language']),
  );
}
