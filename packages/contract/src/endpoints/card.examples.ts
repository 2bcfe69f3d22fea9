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
  token: '5f0c2a8e-9d1b-4c7e-8a3f-2b6d4e1c9a70',
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
