/** Receipts of paid sales: the public page and PDF by the sale's token, and the transaction list's row actions. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { receiptRoutes } from './receipts.routes.js';

export const receiptsModule: ModuleManifest = {
  name: 'receipts',
  routes: (app, { ctx }) => app.register(receiptRoutes, { ctx }),
};
