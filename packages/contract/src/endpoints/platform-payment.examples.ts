import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import {
  PAYMENT_CONNECTION_RESULT_EXAMPLE,
  PAYMENT_WEBHOOK_RECEIVED_EXAMPLE,
  PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
} from './shared.examples.js';

export const platformPaymentExamples: AreaExamples<(typeof api)['platformPayment']> = {
  settings: PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
  updateSettings: PLATFORM_PAYMENT_SETTINGS_EXAMPLE,
  testConnection: PAYMENT_CONNECTION_RESULT_EXAMPLE,
  webhook: PAYMENT_WEBHOOK_RECEIVED_EXAMPLE,
};
