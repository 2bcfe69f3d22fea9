import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZFiscalDocument } from '../resources/fiscal.js';
import type { ZTransactionReceipt } from '../resources/receipt.js';
import type { api } from './index.js';

const FISCAL_DOCUMENT_EXAMPLE: z.input<typeof ZFiscalDocument> = {
  number: 'Number',
  fiscal_sign: 'Fiscal sign',
  url: 'https://panel.example.com/url',
  registered_at: '2026-12-03T09:30:00.000Z',
};

const TRANSACTION_RECEIPT_EXAMPLE: z.input<typeof ZTransactionReceipt> = {
  transaction_id: 101,
  receipt_url: 'https://panel.example.com/receipt-url',
  pdf_url: 'https://panel.example.com/pdf-url',
  fiscal_required: true,
  fiscal: {
    status: 'pending',
    attempts: 1,
    provider: 'test',
    provider_receipt_id: 'Provider receipt id',
    problem: 'The fiscal service did not answer',
    document: FISCAL_DOCUMENT_EXAMPLE,
    updated_at: '2026-12-03T09:30:00.000Z',
  },
  receipts: [
    {
      id: 101,
      kind: 'sale',
      status: 'pending',
      amount_minor: 4500,
      refund: {
        payment_id: 101,
        at: '2026-12-03T09:30:00.000Z',
      },
      attempts: 1,
      problem: 'The fiscal service did not answer',
      document: FISCAL_DOCUMENT_EXAMPLE,
      receipt_url: 'https://panel.example.com/receipt-url',
    },
  ],
};

export const receiptExamples: AreaExamples<(typeof api)['receipt']> = {
  publicReceipt: {
    number: 1,
    organization: {
      name: 'Kyiv Snacks LLC',
      fiscal_number: '4000123456',
    },
    micromarket: {
      name: 'Kyiv office fridge',
      address: 'Khreshchatyk St, 22, Kyiv',
    },
    date: 'Date',
    currency: 'UAH',
    lines: [
      {
        name: 'Kyiv office fridge',
        quantity: 3,
        price_minor: 4500,
        total_minor: 4500,
      },
    ],
    gross_minor: 1,
    discount_minor: 3,
    bonuses_used_minor: 1,
    amount_minor: 4500,
    paid_minor: 1,
    refunded_minor: 1,
    payment_status: 1,
    is_test: true,
    fiscal: {
      status: 'pending',
      document: FISCAL_DOCUMENT_EXAMPLE,
      returns: [
        {
          kind: 'return',
          amount_minor: 4500,
          status: 'pending',
          document: FISCAL_DOCUMENT_EXAMPLE,
        },
      ],
    },
  },
  publicReceiptPdf: 'id,name\r\n101,Kyiv office fridge\r\n',
  transactionReceipt: TRANSACTION_RECEIPT_EXAMPLE,
  retryFiscal: TRANSACTION_RECEIPT_EXAMPLE,
};
