import { defineEndpoint } from '../endpoint.js';
import {
  ZOrgIdParam,
  ZPaymentConnectionResult,
  ZPaymentSettings,
  ZPaymentWebhookParams,
  ZPaymentWebhookReceived,
  ZUpdatePaymentSettings,
} from '../resources/payment.js';

const tag = 'payments';
const view = ['show_payment_system_setting'] as const;
const edit = ['edit_payment_system'] as const;

export const paymentApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/v1/organization/payment/system/:org_id',
    tag,
    summary: 'The organisation’s payment provider, masked credentials and webhook URL',
    permissions: view,
    params: ZOrgIdParam,
    response: ZPaymentSettings,
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/payment/system/update/:org_id',
    tag,
    summary: 'Choose the provider and set its credentials (stored encrypted; an empty credential keeps the stored one)',
    permissions: edit,
    params: ZOrgIdParam,
    body: ZUpdatePaymentSettings,
    response: ZPaymentSettings,
  }),
  testConnection: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/payment/system/test/:org_id',
    tag,
    summary: 'Ask the provider whether the stored credentials work',
    permissions: edit,
    params: ZOrgIdParam,
    response: ZPaymentConnectionResult,
    errors: [409],
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/v1/payment/webhook/:org_id/:provider',
    tag,
    summary: 'Provider events (raw body, verified by the provider’s signature); a repeated event answers 200 again',
    isPublic: true,
    params: ZPaymentWebhookParams,
    response: ZPaymentWebhookReceived,
  }),
};
