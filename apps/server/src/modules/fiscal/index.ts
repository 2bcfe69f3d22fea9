/**
 * Fiscal receipts (DESIGN §8): the provider interface, its offline test provider and the
 * Checkbox adapter, settings, the register job and the nightly shift close.
 */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import { fiscalRoutes } from './fiscal.routes.js';
import { registerFiscalJobs } from './fiscal-jobs.js';
import { onRefundReversed, onSalePaid, onSaleRefunded } from './fiscal-register.service.js';
import type { FiscalProviders } from './provider-registry.js';

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
  fiscalRegisterJob,
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

export const fiscalModule: ModuleManifest<ModuleDeps & { fiscal: FiscalProviders }, JobRunner> = {
  name: 'fiscal',
  routes: (app, { ctx, fiscal }) => app.register(fiscalRoutes, { ctx, providers: fiscal }),
  jobs: (runner, { ctx, fiscal }) => registerFiscalJobs(runner, { ctx, providers: fiscal }),
  saleEvents: (events, { ctx }) => {
    // Each queues a `fiscal.register` job, keyed by the sale or the refund: a paid sale's
    // receipt, a return receipt per refund, and the correction of a return whose refund the
    // bank reversed after all (if the return was registered).
    events
      .on('paid', (db, { sale, settings }) => onSalePaid(db, sale, ctx.clock.now(), settings ?? undefined))
      .on('refunded', async (db, { sale, refunds }) => {
        for (const refund of refunds) await onSaleRefunded(db, sale, refund, ctx.clock.now());
      })
      .on('refundReversed', (db, { refund }) => onRefundReversed(db, refund, ctx.clock.now()));
  },
};
