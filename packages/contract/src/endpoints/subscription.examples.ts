import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZOrganizationCardAnswer, ZSubscriptionInvoice, ZSubscriptionPayment } from '../resources/subscription.js';
import type { api } from './index.js';
import { CARD_SETUP_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

const SUBSCRIPTION_PAYMENT_EXAMPLE: z.input<typeof ZSubscriptionPayment> = {
  id: 101,
  org_id: 101,
  type: 1,
  status: 1,
  period_month: 'Period month',
  amount_minor: 4500,
  currency: 'UAH',
  micromarket_ids: [101],
  invoice_id: 101,
  invoice_number: 'Invoice number',
  created_at: '2026-12-03T09:30:00.000Z',
  paid_at: '2026-12-03T09:30:00.000Z',
};

const ORGANIZATION_CARD_ANSWER_EXAMPLE: z.input<typeof ZOrganizationCardAnswer> = {
  card: {
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2026,
    provider: 'test',
    created_at: '2026-12-03T09:30:00.000Z',
    needs_readding: false,
  },
};

const SUBSCRIPTION_INVOICE_EXAMPLE: z.input<typeof ZSubscriptionInvoice> = {
  id: 101,
  org_id: 101,
  number: 'Number',
  amount_minor: 4500,
  currency: 'UAH',
  status: 'issued',
  issued_at: '2026-12-03T09:30:00.000Z',
  paid_at: '2026-12-03T09:30:00.000Z',
};

export const subscriptionExamples: AreaExamples<(typeof api)['subscription']> = {
  devices: {
    items: [
      {
        micromarket_id: 101,
        name: 'Kyiv office fridge',
        price_minor: 4500,
        currency: 'UAH',
        status: 'active',
        method: 'card',
        auto_billing: true,
        paid_until: 'Paid until',
      },
    ],
  },
  subscribe: SUBSCRIPTION_PAYMENT_EXAMPLE,
  change: OK_EXAMPLE,
  card: ORGANIZATION_CARD_ANSWER_EXAMPLE,
  cardSetup: CARD_SETUP_EXAMPLE,
  saveCard: ORGANIZATION_CARD_ANSWER_EXAMPLE,
  removeCard: OK_EXAMPLE,
  payments: {
    items: [SUBSCRIPTION_PAYMENT_EXAMPLE],
    total: 1,
  },
  invoices: {
    items: [SUBSCRIPTION_INVOICE_EXAMPLE],
    total: 1,
  },
  invoicePdf: 'id,name\r\n101,Kyiv office fridge\r\n',
  markInvoicePaid: SUBSCRIPTION_INVOICE_EXAMPLE,
};
