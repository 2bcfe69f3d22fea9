import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  ZCardIdParam,
  ZCardSetup,
  ZConfirmTestCardSetup,
  ZCustomerCode,
  ZFinishCardSetup,
  ZSavedCard,
  ZSavedCardList,
  ZTestBankAnswer,
  ZTestBankChallengeParam,
} from '../resources/card.js';
import { ZOk } from '../resources/common.js';
import { ZOpenTokenParam } from '../resources/open-link.js';

const tag = 'cards';
const audience = 'customer' as const;

/**
 * Saving a card with the provider (a SetupIntent): the customer app's own cards, the card of a
 * purchase by an open-fridge link, and the test provider's offline stand-in for Stripe.js.
 * The organisation's subscription card is in the subscription area.
 */
export const cardApi = {
  appCards: defineEndpoint({
    method: 'GET',
    path: '/v1/app/card/list',
    tag,
    summary: 'The customer’s saved cards, newest first; a card of a payment system no longer in use needs adding again',
    audience,
    response: ZSavedCardList,
  }),
  appSetup: defineEndpoint({
    method: 'POST',
    path: '/v1/app/card/setup',
    tag,
    summary:
      'Start saving a card with the organisation’s payment system: the client secret for Stripe.js (or the test provider’s form)',
    audience,
    response: ZCardSetup,
    errors: [409],
  }),
  appSave: defineEndpoint({
    method: 'POST',
    path: '/v1/app/card/save',
    tag,
    summary: 'Save the card of a confirmed setup; it becomes the card the customer pays with',
    audience,
    body: ZFinishCardSetup,
    response: ZSavedCard,
    errors: [404, 409],
  }),
  appRemove: defineEndpoint({
    method: 'POST',
    path: '/v1/app/card/remove/:id',
    tag,
    summary: 'Remove a saved card (detached at the provider when it is still that provider’s)',
    audience,
    params: ZCardIdParam,
    response: ZOk,
    errors: [404],
  }),
  appCode: defineEndpoint({
    method: 'GET',
    path: '/v1/app/card/code',
    tag,
    summary:
      'The code the app shows as a QR code at a micromarket: the door session that reports it is the customer’s sale, charged to their card; 409 without a card to charge',
    audience,
    response: ZCustomerCode,
    errors: [409],
  }),
  appRenewCode: defineEndpoint({
    method: 'POST',
    path: '/v1/app/card/code/renew',
    tag,
    summary:
      'A new code in place of every earlier one of the customer (a screenshot of the old QR code opens nothing any more); 409 without a card to charge',
    audience,
    response: ZCustomerCode,
    errors: [409],
  }),
  openSetup: defineEndpoint({
    method: 'POST',
    path: '/v1/open/fridge/:token/card/setup',
    tag,
    summary: 'Start saving the card of a purchase by a customer link (the form then names the setup)',
    isPublic: true,
    params: ZOpenTokenParam,
    response: ZCardSetup,
    errors: [409, 429],
  }),
  confirmTestSetup: defineEndpoint({
    method: 'POST',
    path: '/v1/payment/test/card/confirm',
    tag,
    summary:
      'The test provider’s offline card form: confirm a setup with a test card (what Stripe.js does with a real one); 404 for any other setup',
    isPublic: true,
    body: ZConfirmTestCardSetup,
    response: ZOk,
    errors: [404, 409],
  }),
  testBankChallenge: defineEndpoint({
    method: 'GET',
    path: '/v1/notauth/test-bank/authenticate/:token',
    tag,
    summary:
      'The test provider’s 3-D Secure challenge page (HTML): approve or decline a payment that asks its buyer; 404 for any other payment',
    isPublic: true,
    params: ZTestBankChallengeParam,
    response: z.string(),
    format: 'html',
    errors: [404],
  }),
  testBankAnswer: defineEndpoint({
    method: 'POST',
    path: '/v1/notauth/test-bank/authenticate/:token',
    tag,
    summary:
      'The buyer’s answer on the test bank’s challenge page (a form POST): the payment is held or fails, and a page sends them back to the shop',
    isPublic: true,
    params: ZTestBankChallengeParam,
    body: ZTestBankAnswer,
    response: z.string(),
    format: 'html',
    errors: [404],
  }),
};
