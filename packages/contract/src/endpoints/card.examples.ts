import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZCustomerCode, ZSavedCard } from '../resources/card.js';
import type { api } from './index.js';
import { CARD_SETUP_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

const SAVED_CARD_EXAMPLE: z.input<typeof ZSavedCard> = {
  id: 101,
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2026,
  provider: 'test',
  created_at: '2026-12-03T09:30:00.000Z',
  needs_readding: false,
};

const CUSTOMER_CODE_EXAMPLE: z.input<typeof ZCustomerCode> = {
  token: 'ct_9f2c4a7e1b3d5f60a8c2e4b6d8f0a1c3',
  card_id: 101,
};

export const cardExamples: AreaExamples<(typeof api)['card']> = {
  appCards: {
    items: [SAVED_CARD_EXAMPLE],
  },
  appSetup: CARD_SETUP_EXAMPLE,
  appSave: SAVED_CARD_EXAMPLE,
  appRemove: OK_EXAMPLE,
  appCode: CUSTOMER_CODE_EXAMPLE,
  appRenewCode: CUSTOMER_CODE_EXAMPLE,
  openSetup: CARD_SETUP_EXAMPLE,
  confirmTestSetup: OK_EXAMPLE,
  testBankChallenge: '<!doctype html><title>Confirm the payment</title>',
  testBankAnswer: '<!doctype html><title>Confirm the payment</title>',
};
