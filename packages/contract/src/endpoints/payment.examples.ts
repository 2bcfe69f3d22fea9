import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZPaymentSettings } from '../resources/payment.js';
import type { api } from './index.js';
import {
  PAYMENT_CONNECTION_RESULT_EXAMPLE,
  PAYMENT_WEBHOOK_RECEIVED_EXAMPLE,
  PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
} from './shared.examples.js';

const PAYMENT_SETTINGS_EXAMPLE: z.input<typeof ZPaymentSettings> = {
  ...PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
  org_id: 101,
};

export const paymentExamples: AreaExamples<(typeof api)['payment']> = {
  settings: PAYMENT_SETTINGS_EXAMPLE,
  updateSettings: PAYMENT_SETTINGS_EXAMPLE,
  testConnection: PAYMENT_CONNECTION_RESULT_EXAMPLE,
  webhook: PAYMENT_WEBHOOK_RECEIVED_EXAMPLE,
};
