import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZPaymentSettings } from '../resources/payment.js';
import type { api } from './index.js';
import { PAYMENT_CONNECTION_RESULT_EXAMPLE, PAYMENT_WEBHOOK_RECEIVED_EXAMPLE } from './shared.examples.js';

const PAYMENT_SETTINGS_EXAMPLE: z.input<typeof ZPaymentSettings> = {
  org_id: 101,
  provider: 'test',
  secret_key: 'Secret key',
  publishable_key: 'Publishable key',
  webhook_secret: 'Webhook secret',
  simulate: 'none',
  webhook_urls: {
    test: 'Test',
    stripe: 'Stripe',
  },
  updated_at: '2026-12-03T09:30:00.000Z',
};

export const paymentExamples: AreaExamples<(typeof api)['payment']> = {
  settings: PAYMENT_SETTINGS_EXAMPLE,
  updateSettings: PAYMENT_SETTINGS_EXAMPLE,
  testConnection: PAYMENT_CONNECTION_RESULT_EXAMPLE,
  webhook: PAYMENT_WEBHOOK_RECEIVED_EXAMPLE,
};
