import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../enums.js';
import { requiredText, text, ZIdFromText, ZTimestamp } from './common.js';

/**
 * What a page needs to collect a card for saving (a SetupIntent, `usage=off_session`): with
 * Stripe, the client secret and the account's publishable key for Stripe.js's Payment
 * Element; with the test provider, the same client secret for its own offline form. A card
 * number never reaches our server either way.
 */
export const ZCardSetup = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's id of the setup (Stripe: `seti_…`), sent back once the card is confirmed. */
  setup_id: z.string(),
  client_secret: z.string(),
  /** Stripe's publishable key of the account the card is saved in; null for the test provider. */
  publishable_key: z.string().nullable(),
});
export type TCardSetup = z.infer<typeof ZCardSetup>;

/** The confirmed setup to save as a card. */
export const ZFinishCardSetup = z.object({ setup_id: requiredText(255) });

/** A saved card as its owner sees it: never a number, only what the provider tells. */
export const ZSavedCard = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  provider: z.string(),
  created_at: ZTimestamp,
  /**
   * Saved with a payment system (provider or account) other than the one that would charge it
   * now: it is never sent there, and has to be added again.
   */
  needs_readding: z.boolean(),
});
export type TSavedCard = z.infer<typeof ZSavedCard>;
export const ZSavedCardList = z.object({ items: z.array(ZSavedCard) });
export const ZCardIdParam = z.object({ id: ZIdFromText });

/**
 * The code the customer app shows as a QR code at a micromarket's reader: the fridge reports it
 * in the door session (`customer_token`, docs/device-protocol.md), and the session becomes this
 * customer's sale, charged to their saved card. It belongs to the card sales charge (`card_id`):
 * removing that card, or renewing the code, ends it.
 */
export const ZCustomerCode = z.object({ token: z.string(), card_id: z.number().int() });
export type TCustomerCode = z.infer<typeof ZCustomerCode>;

/**
 * The test provider's payment methods for its test cards (Stripe's own test tokens, so the
 * same names mean the same cards there), with what the provider records for each.
 */
export const TEST_PAYMENT_METHOD_CARDS = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  // Stripe's 4000 0027 6000 3184: every payment asks the buyer's bank (3-D Secure) first.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
} as const;
export type TestPaymentMethod = keyof typeof TEST_PAYMENT_METHOD_CARDS;
export const TEST_PAYMENT_METHODS = Object.keys(TEST_PAYMENT_METHOD_CARDS) as [
  TestPaymentMethod,
  ...TestPaymentMethod[],
];

/**
 * The test bank's 3-D Secure challenge page of a payment (the test provider's only), by the
 * payment's id there (random, unguessable: it is what the buyer's bank link carries).
 */
export const ZTestBankChallengeParam = z.object({ token: text(100).min(1) });
/** The buyer's answer on that page: the button pressed (a form POST). */
export const ZTestBankAnswer = z.object({ decision: z.enum(['approve', 'decline'], { error: 'validation.required' }) });

/** The test provider's offline form confirms a setup with a test card, as Stripe.js confirms one with a real card. */
export const ZConfirmTestCardSetup = z.object({
  client_secret: requiredText(255),
  payment_method: z.enum(TEST_PAYMENT_METHODS, { error: 'card.test_card_unknown' }),
});
