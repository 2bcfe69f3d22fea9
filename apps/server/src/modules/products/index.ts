/** Products: list, card, copy, image, rating. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { productRoutes } from './products.routes.js';

export const productsModule: ModuleManifest = {
  name: 'products',
  routes: (app, { ctx }) => app.register(productRoutes, { ctx }),
};
