import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import { CARD_SETUP_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

export const cardExamples: AreaExamples<(typeof api)['card']> = {
  appCards: {
    items: [
      {
        id: 101,
        brand: 'Brand',
        last4: 'Last4',
        exp_month: 12,
        exp_year: 2026,
        provider: 'Provider',
        created_at: '2026-12-03T09:30:00.000Z',
        needs_readding: true,
      },
    ],
  },
  appSetup: CARD_SETUP_EXAMPLE,
  appSave: {
    id: 101,
    brand: 'Brand',
    last4: 'Last4',
    exp_month: 12,
    exp_year: 2026,
    provider: 'Provider',
    created_at: '2026-12-03T09:30:00.000Z',
    needs_readding: true,
  },
  appRemove: OK_EXAMPLE,
  openSetup: CARD_SETUP_EXAMPLE,
  confirmTestSetup: OK_EXAMPLE,
  testBankChallenge: '<!doctype html><title>Confirm the payment</title>',
  testBankAnswer: '<!doctype html><title>Confirm the payment</title>',
};
