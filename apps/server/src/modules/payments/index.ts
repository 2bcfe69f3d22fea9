/** Payments (DESIGN §5): providers, the organisation's settings, the ledger, webhooks and reconciliation. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { paymentRoutes } from './payments.routes.js';
import { type PaymentJobsDeps, registerPaymentJobs } from './payments-jobs.js';
import type { PaymentProviders } from './provider-registry.js';

export {
  type CardOwner,
  type CustomerGone,
  cardProviderOf,
  detachSavedCard,
  type FinishedSetup,
  finishCardSetup,
  providerRefusal,
  startCardSetup,
} from './card-setup.service.js';
export { followPayment } from './ledger/payment-followup.js';
export {
  askReserved,
  performPayment,
  type ReservedPayment,
  reconcilePayments,
  reservePayment,
} from './ledger/payment-operations.service.js';
export { findByKey as findPaymentByKey, type PaymentSettingsRow } from './payments.repository.js';
export { paymentRoutes } from './payments.routes.js';
export { registerPaymentJobs } from './payments-jobs.js';
export { PaymentProviderError } from './provider.js';
export {
  type CardOrigin,
  cardMatches,
  customerCardUsable,
  knownAccountOf,
  learnAccount,
  type SettingsScope,
} from './provider-account.js';
export { PAYMENT_SETTINGS_CHANNEL, PaymentProviders, sealPaymentCredentials } from './provider-registry.js';
export { tieHoldToSale } from './sale-hold.repository.js';
export { assertOrganisationExists } from './settings/payment-settings.service.js';
export {
  findPlatformSettings,
  getPlatformPaymentSettings,
  sealPlatformCredentials,
  testPlatformConnection,
  updatePlatformPaymentSettings,
} from './settings/platform-settings.service.js';
export { type BankObject, TestBankStore } from './test-bank/test-bank-store.js';
export { settledIntent, settledRefund, TestPaymentBank } from './test-bank/test-provider.js';
export {
  deliverTestWebhooks,
  TEST_WEBHOOKS_JOB,
  TEST_WEBHOOKS_KEY,
  testWebhooksJob,
} from './webhooks/payment-webhooks.service.js';
export { newWebhookSecret } from './webhooks/webhook-signature.js';

type PaymentsDeps = ModuleDeps & {
  payments: PaymentProviders;
  deliverTestWebhooks: PaymentJobsDeps['deliverTestWebhooks'];
};

export const paymentsModule: ModuleManifest<PaymentsDeps, JobRunner> = {
  name: 'payments',
  routes: (app, { ctx, payments }) => app.register(paymentRoutes, { ctx, providers: payments }),
  jobs: (runner, { ctx, payments, deliverTestWebhooks }) =>
    registerPaymentJobs(runner, { ctx, providers: payments, deliverTestWebhooks }),
};
