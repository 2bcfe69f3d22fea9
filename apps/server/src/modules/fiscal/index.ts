/** Fiscal receipts (DESIGN §8): the provider interface, its offline test provider, settings and the register job. */
export { type FiscalReceiptRow, findFiscalReceipt } from './fiscal.repository.js';
export { fiscalRoutes } from './fiscal.routes.js';
export {
  FISCAL_MAX_ATTEMPTS,
  FISCAL_REGISTER_JOB,
  FISCAL_RETRY_MS,
  fiscalKey,
  fiscalShiftClosed,
  onSalePaid,
  onSaleRefunded,
  registerFiscalReceipt,
} from './fiscal-register.service.js';
export { type FiscalProvider, FiscalProviderError } from './provider.js';
export { FiscalProviders } from './provider-registry.js';
