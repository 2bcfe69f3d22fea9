/** Transactions screens: the sales list, its totals and export, the card, refunds, charges, corrections. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { PaymentProviders } from '../payments/index.js';
import { transactionRoutes } from './transactions.routes.js';

export const transactionsModule: ModuleManifest<ModuleDeps & { payments: PaymentProviders }> = {
  name: 'transactions',
  routes: (app, { ctx, payments }) => app.register(transactionRoutes, { ctx, providers: payments }),
};
