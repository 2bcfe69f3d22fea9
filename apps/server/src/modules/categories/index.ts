/** Three-level categories per organisation. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { categoryRoutes } from './categories.routes.js';

export {
  categoryPaths,
  findCategory,
  insertCategory,
  type PathItem,
  subtreeIds,
} from './categories.repository.js';

export const categoriesModule: ModuleManifest = {
  name: 'categories',
  routes: (app, { ctx }) => app.register(categoryRoutes, { ctx }),
};
