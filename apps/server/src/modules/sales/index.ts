/** Sales: door sessions become transactions, priced, held, captured and settled once. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { registerSalesJobs } from './sales-jobs.js';

export { BONUS_TOP_UP, BONUS_WITHDRAW, bonusBalance, bookBonus, bookBonuses, lockCustomer } from './bonus-ledger.js';
export { BELOW_MINIMUM, planTaking } from './minimum-charge.js';
export { priceItems, totalsOf } from './pricing.js';
export {
  type ClosedSession,
  type CustomerSession,
  closeSale,
  markDisputeInDataset,
  openSale,
  resolveSensorDispute,
  type SaleStep,
} from './sale-lifecycle.service.js';
export { raiseRefundedQuantity, setBonusesAccrued, setSaleError } from './sale-marks.repository.js';
export { onSaleLedgerSettled, syncSaleMoney } from './sale-money.service.js';
export {
  activeCardOf,
  currencyOf,
  ledgerOf,
  linesOf,
  lockSale,
  PRODUCT_PRICE_COLUMNS,
  type PricingInputs,
  pricingInputs,
  replaceLines,
  type SaleRow,
} from './sales.repository.js';
export { saleStepsOn } from './sales-jobs.js';
export {
  announceSale,
  HOLD_JOB,
  holdJob,
  isTakenMoney,
  queueSaleStep,
  requestSettlement,
  SETTLE_JOB,
  type SettleNow,
  settleJob,
  settleSale,
  takenByLedger,
} from './settlement.service.js';
export { abandonedWebSale, closeAbandonedWebSales, createWebSale, WEB_PAYMENT_TYPE } from './web-sale.js';

type SalesDeps = ModuleDeps & { payments: PaymentProviders; saleSteps: { idle(): Promise<void> } };

/** Sales have no routes of their own (the transactions module has them): their jobs, and the steps run at once let finish on close. */
export const salesModule: ModuleManifest<SalesDeps, JobRunner> = {
  name: 'sales',
  jobs: (runner, { ctx, payments }) => registerSalesJobs(runner, { ctx, providers: payments }),
  stop: ({ saleSteps }) => saleSteps.idle(),
};
