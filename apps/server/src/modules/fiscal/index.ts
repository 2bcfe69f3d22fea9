/**
 * Fiscal receipts (DESIGN §8): the provider interface, its offline test provider and the
 * Checkbox adapter, settings, the register job and the nightly shift close.
 */
export {
  type FiscalReceiptRow,
  findFiscalReceipt,
  findReturnReceipts,
  listSaleReceipts,
} from './fiscal.repository.js';
export { fiscalRoutes } from './fiscal.routes.js';
export { registerFiscalJobs } from './fiscal-jobs.js';
export {
  correctionFiscalKey,
  FISCAL_MAX_ATTEMPTS,
  FISCAL_REGISTER_JOB,
  FISCAL_RETRY_MS,
  fiscalKey,
  onRefundReversed,
  onSalePaid,
  onSaleRefunded,
  registerFiscalReceipt,
} from './fiscal-register.service.js';
export { problemText } from './fiscal-settings.service.js';
export {
  FISCAL_SHIFTS_EVERY_MS,
  FISCAL_SHIFTS_JOB,
  fiscalShiftClosed,
  runShiftSchedule,
} from './fiscal-shifts.service.js';
export { type FiscalProvider, FiscalProviderError } from './provider.js';
export { FiscalProviders, type FiscalProvidersOptions } from './provider-registry.js';
