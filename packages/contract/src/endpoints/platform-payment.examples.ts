import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZPlatformPaymentSettings } from '../resources/payment.js';
import type { api } from './index.js';
import { PAYMENT_CONNECTION_RESULT_EXAMPLE, PAYMENT_WEBHOOK_RECEIVED_EXAMPLE } from './shared.examples.js';

const PLATFORM_PAYMENT_SETTINGS_EXAMPLE: z.input<typeof ZPlatformPaymentSettings> = {
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

export const platformPaymentExamples: AreaExamples<(typeof api)['platformPayment']> = {
  settings: PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
  updateSettings: PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
  testConnection: PAYMENT_CONNECTION_RESULT_EXAMPLE,
  webhook: PAYMENT_WEBHOOK_RECEIVED_EXAMPLE,
};
