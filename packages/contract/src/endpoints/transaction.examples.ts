import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type {
  ZSalePayment,
  ZTransactionCard,
  ZTransactionListItem,
  ZTransactionPaymentResult,
} from '../resources/transaction.js';
import type { api } from './index.js';
import { DATASET_FILE_EXAMPLE } from './shared.examples.js';

const TRANSACTION_LIST_ITEM_EXAMPLE: z.input<typeof ZTransactionListItem> = {
  id: 101,
  org_id: 101,
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  customer_id: 101,
  customer_name: 'Anna Koval',
  client_type: 0,
  payment_type: 1,
  status: 0,
  payment_status: 0,
  currency: 'UAH',
  amount_minor: 4500,
  paid_minor: 1,
  refunded_minor: 1,
  refund_state: 'not_refunded',
  bonuses_used_minor: 1,
  is_test: true,
  opened_at: '2026-12-03T09:30:00.000Z',
  closed_at: '2026-12-03T09:30:00.000Z',
};

const SALE_PAYMENT_EXAMPLE: z.input<typeof ZSalePayment> = {
  id: 101,
  type: 1,
  status: 0,
  operation: 'hold',
  amount_minor: 4500,
  currency: 'UAH',
  provider: 'test',
  provider_reference: 'Provider reference',
  parent_id: 101,
  error_code: 'card_declined',
  error_message: 'Error message',
  created_at: '2026-12-03T09:30:00.000Z',
  settled_at: '2026-12-03T09:30:00.000Z',
};

const TRANSACTION_CARD_EXAMPLE: z.input<typeof ZTransactionCard> = {
  ...TRANSACTION_LIST_ITEM_EXAMPLE,
  organization_name: 'Kyiv Snacks LLC',
  customer_email: 'anna.koval@example.com',
  gross_minor: 1,
  discount_minor: 3,
  bonuses_accrued_minor: 1,
  cost_minor: 4500,
  error_code: 'card_declined',
  settled_at: '2026-12-03T09:30:00.000Z',
  lines: [
    {
      id: 101,
      product_id: 101,
      name: 'Kyiv office fridge',
      source: 'tag',
      tag_code: 'Tag code',
      quantity: 3,
      list_price_minor: 4500,
      price_minor: 4500,
      sum_minor: 4500,
      is_corrected: true,
      refunded_quantity: 3,
    },
  ],
  payments: [SALE_PAYMENT_EXAMPLE],
  refunds: [
    {
      payment_ids: [101],
      at: '2026-12-03T09:30:00.000Z',
      by_name: 'Anna Koval',
      reason: 'Repeated unpaid sales',
      amount_minor: 4500,
      refunded_minor: 1,
      status: 0,
      lines: [
        {
          line_id: 101,
          name: 'Chicken sandwich',
          quantity: 3,
        },
      ],
    },
  ],
  bonuses: [
    {
      id: 101,
      operation: 1,
      amount_minor: 4500,
      reason: 'Repeated unpaid sales',
      created_at: '2026-12-03T09:30:00.000Z',
    },
  ],
  session: {
    id: 'Id',
    kind: 'Kind',
    opened_at: '2026-12-03T09:30:00.000Z',
    closed_at: '2026-12-03T09:30:00.000Z',
    taken_tags: ['Taken tag'],
    detections: [
      {
        product_id: 101,
        product_name: 'Chicken sandwich',
        quantity: 3,
        source: 'Source',
        shelf: 1,
      },
    ],
    weights_before: [1],
    weights_after: [1],
  },
  events: [
    {
      id: 101,
      at: '2026-12-03T09:30:00.000Z',
      kind: 'Kind',
      details: {
        example: {},
      },
      actor_label: 'Actor label',
    },
  ],
  sensor_check: {
    authority: 'rfid',
    checked_by: ['rfid'],
    tolerance_grams: 1,
    expected_grams: 1,
    measured_grams: 1,
    shelves: [
      {
        shelf: 1,
        measured_grams: 1,
        expected_grams: 1,
      },
    ],
    disagreements: [
      {
        kind: 'count_differs',
        product_id: 101,
        product_name: 'Chicken sandwich',
        sensor: 'rfid',
        counted: 3,
        seen: 1,
        tags: ['Tag'],
        expected_grams: 1,
        measured_grams: 1,
      },
    ],
    resolved_at: '2026-12-03T09:30:00.000Z',
    resolved_by: 1,
    resolved_by_name: 'Kyiv office fridge',
    dataset_at: '2026-12-03T09:30:00.000Z',
  },
  actions: {
    refundable_minor: 1,
    can_refund: false,
    can_charge: true,
    can_correct: true,
  },
};

const TRANSACTION_PAYMENT_RESULT_EXAMPLE: z.input<typeof ZTransactionPaymentResult> = {
  payment: SALE_PAYMENT_EXAMPLE,
  transaction: TRANSACTION_LIST_ITEM_EXAMPLE,
  error: 'Card declined',
};

export const transactionExamples: AreaExamples<(typeof api)['transaction']> = {
  list: {
    items: [TRANSACTION_LIST_ITEM_EXAMPLE],
    next_cursor: 'eyJpZCI6MTAxfQ',
  },
  totals: {
    count: 3,
    by_currency: [
      {
        currency: 'UAH',
        count: 3,
        amount_minor: 4500,
        paid_minor: 1,
        refunded_minor: 1,
      },
    ],
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  info: TRANSACTION_CARD_EXAMPLE,
  refund: TRANSACTION_PAYMENT_RESULT_EXAMPLE,
  charge: TRANSACTION_PAYMENT_RESULT_EXAMPLE,
  correct: TRANSACTION_CARD_EXAMPLE,
  toDataset: DATASET_FILE_EXAMPLE,
};
