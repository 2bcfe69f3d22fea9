import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZOrganizationCardAnswer } from '../resources/subscription.js';
import type { api } from './index.js';
import { CARD_SETUP_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

const ORGANIZATION_CARD_ANSWER_EXAMPLE: z.input<typeof ZOrganizationCardAnswer> = {
  card: {
    brand: 'Brand',
    last4: 'Last4',
    exp_month: 12,
    exp_year: 2026,
    provider: 'Provider',
    created_at: '2026-12-03T09:30:00.000Z',
    needs_readding: true,
  },
};

export const subscriptionExamples: AreaExamples<(typeof api)['subscription']> = {
  devices: {
    items: [
      {
        micromarket_id: 101,
        name: 'Chicken sandwich',
        price_minor: 4500,
        currency: 'UAH',
        status: 'active',
        method: 'card',
        auto_billing: true,
        paid_until: 'Paid until',
      },
    ],
  },
  subscribe: {
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
  },
  change: OK_EXAMPLE,
  card: ORGANIZATION_CARD_ANSWER_EXAMPLE,
  cardSetup: CARD_SETUP_EXAMPLE,
  saveCard: ORGANIZATION_CARD_ANSWER_EXAMPLE,
  removeCard: OK_EXAMPLE,
  payments: {
    items: [
      {
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
      },
    ],
    total: 1,
  },
  invoices: {
    items: [
      {
        id: 101,
        org_id: 101,
        number: 'Number',
        amount_minor: 4500,
        currency: 'UAH',
        status: 'issued',
        issued_at: '2026-12-03T09:30:00.000Z',
        paid_at: '2026-12-03T09:30:00.000Z',
      },
    ],
    total: 1,
  },
  invoicePdf: 'id,name\r\n101,Kyiv office fridge\r\n',
  markInvoicePaid: {
    id: 101,
    org_id: 101,
    number: 'Number',
    amount_minor: 4500,
    currency: 'UAH',
    status: 'issued',
    issued_at: '2026-12-03T09:30:00.000Z',
    paid_at: '2026-12-03T09:30:00.000Z',
  },
};
