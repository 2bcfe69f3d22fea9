import { defineEndpoint } from '../endpoint.js';
import {
  ZPaymentConnectionResult,
  ZPaymentWebhookReceived,
  ZPlatformPaymentSettings,
  ZPlatformWebhookParams,
  ZUpdatePaymentSettings,
} from '../resources/payment.js';

const tag = 'payments';
const permissions = ['edit_platform_payment_system'] as const;

/** The platform's own payment system: subscription cards are saved and subscription fees charged through it. */
export const platformPaymentApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/v1/platform/payment/system',
    tag,
    summary: 'The platform’s payment provider and masked credentials (subscription fees)',
    permissions,
    response: ZPlatformPaymentSettings,
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: '/v1/platform/payment/system/update',
    tag,
    summary:
      'Choose the platform’s provider and set its credentials (stored encrypted; an empty credential keeps the stored one)',
    permissions,
    body: ZUpdatePaymentSettings,
    response: ZPlatformPaymentSettings,
  }),
  testConnection: defineEndpoint({
    method: 'POST',
    path: '/v1/platform/payment/system/test',
    tag,
    summary: 'Ask the platform’s provider whether the stored credentials work',
    permissions,
    response: ZPaymentConnectionResult,
    errors: [409],
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/v1/platform/payment/webhook/:provider',
    tag,
    summary:
      'The platform account’s provider events (subscription fees; raw body, verified by the provider’s signature); a repeated event answers 200 again',
    isPublic: true,
    params: ZPlatformWebhookParams,
    response: ZPaymentWebhookReceived,
  }),
};
